import { Field, Select } from '@fluentui/react-components';
import { useState } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { LevelLoading, LevelSubScreenForm } from './level-sub-screen';
import { useLevelEditing, useSubScreenSubmit, type LevelEditing } from './use-level-editing';

/** spec §2 /level timezone: the zone the level's working hours and bookings are read in. */
export default function LevelTimezoneScreen() {
  const editing = useLevelEditing();
  if (!editing.values || !editing.session) return <LevelLoading />;
  return <TimezoneForm editing={editing} initial={editing.values.timezone} />;
}

function TimezoneForm({ editing, initial }: { editing: LevelEditing; initial: string }) {
  const t = useLabel();
  const [timezone, setTimezone] = useState(initial);
  const form = useSubScreenSubmit(editing);
  const error = form.errorOf('timezone');
  return (
    <LevelSubScreenForm
      title={t('levels.timezone', 'Timezone')}
      mayWrite={editing.mayWrite}
      pending={form.pending}
      failure={form.failure}
      onSubmit={() => void form.submit({ timezone }, ['timezone'])}
    >
      <Field
        label={t('levels.timezone', 'Timezone')}
        validationMessage={error}
        validationState={error ? 'error' : 'none'}
      >
        <Select value={timezone} onChange={(_event, data) => setTimezone(data.value)}>
          {editing.session!.timezones.map((zone) => (
            <option key={zone.name} value={zone.name}>
              {zone.name.replace(/_/g, ' ')}
            </option>
          ))}
        </Select>
      </Field>
    </LevelSubScreenForm>
  );
}
