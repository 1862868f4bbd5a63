import { Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { workingHoursErrors } from '../../../../shared/validation';
import { useLabel } from '../../../i18n/i18n';
import { useLevelStyles } from './levels.styles';
import { LevelLoading, LevelSubScreenForm } from './level-sub-screen';
import { useLevelEditing, useSubScreenSubmit, type LevelEditing } from './use-level-editing';

/** spec §2 /level working-hours: when the level's resources can be booked, in its timezone. */
export default function LevelWorkingHoursScreen() {
  const editing = useLevelEditing();
  if (!editing.values) return <LevelLoading />;
  return (
    <WorkingHoursForm
      editing={editing}
      initial={{ from: editing.values.working_hours_from, to: editing.values.working_hours_to }}
    />
  );
}

function WorkingHoursForm({
  editing,
  initial,
}: {
  editing: LevelEditing;
  initial: { from: string; to: string };
}) {
  const styles = useLevelStyles();
  const t = useLabel();
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const form = useSubScreenSubmit(editing);
  // Checked here too, before the add screen's draft takes them: the same message the server gives.
  const [checked, setChecked] = useState<string | undefined>();
  const fromError = form.errorOf('working_hours_from');
  const toError = checked ?? form.errorOf('working_hours_to');
  return (
    <LevelSubScreenForm
      title={t('levels.working-hours', 'Working hours')}
      mayWrite={editing.mayWrite}
      pending={form.pending}
      failure={form.failure}
      onSubmit={() => {
        const refused = workingHoursErrors(from, to).working_hours_to?.[0];
        setChecked(refused);
        if (refused) return;
        void form.submit({ working_hours_from: from, working_hours_to: to }, [
          'working_hours_from',
          'working_hours_to',
        ]);
      }}
    >
      <fieldset className={styles.row}>
        <legend>{t('levels.working-hours', 'Working hours')}</legend>
        <Field
          label={t('levels.working-hours-from', 'From')}
          validationMessage={fromError}
          validationState={fromError ? 'error' : 'none'}
        >
          <Input type="time" value={from} onChange={(_event, data) => setFrom(data.value)} />
        </Field>
        <Field
          label={t('levels.working-hours-to', 'To')}
          validationMessage={toError}
          validationState={toError ? 'error' : 'none'}
        >
          <Input type="time" value={to} onChange={(_event, data) => setTo(data.value)} />
        </Field>
      </fieldset>
    </LevelSubScreenForm>
  );
}
