import { Body1, Caption1, Field, Input } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { WIDGET_TITLE_MAX } from '../../../../shared/one-click/rules';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useSubmit } from '../../../ui/use-submit';
import { usePlanLevel } from '../../plan/api';
import { addLevelWidget, updateLevelWidget } from '../api';
import { useOneClickStyles } from '../one-click.styles';
import { useWidgetKind } from '../use-widget-kind';

/**
 * spec §2 /one-click/settings/plan/level/{levelId} and map/level/{levelId}: the chosen level, a name
 * of the user's own if they want one, saved as a new widget (or, with ?widget=, as that widget's level).
 */
export default function LevelWidgetScreen() {
  const styles = useOneClickStyles();
  const t = useLabel();
  const kind = useWidgetKind();
  const navigate = useNavigate();
  const { levelId } = useParams();
  const [params] = useSearchParams();
  const widgetId = Number(params.get('widget')) || null;
  const level = usePlanLevel(Number(levelId) || null);
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const { pending, failure, run } = useSubmit();
  if (level.error) return <ErrorText message={errorMessage(level.error)} />;
  if (!level.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body = { level_id: level.data!.id, title };
    void run(
      async () => {
        if (widgetId) await updateLevelWidget(kind, widgetId, body);
        else await addLevelWidget(kind, body);
        await navigate(
          href(kind === 'plan' ? 'r_one-click-settings-set-plan' : 'r_one-click-settings-set-map'),
        );
      },
      (fields) => setErrors(fields),
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={level.data.name}>
      <Body1>{level.data.name}</Body1>
      <Caption1 className={styles.detail}>{level.data.path}</Caption1>
      <ErrorText message={failure ?? errors.level_id?.[0]} />
      <Field
        label={t('one-click.widget-name', 'Name on your page (optional)')}
        validationMessage={errors.title?.[0]}
      >
        <Input value={title} maxLength={WIDGET_TITLE_MAX} onChange={(_event, data) => setTitle(data.value)} />
      </Field>
      <div className={styles.actions}>
        <SubmitButton pending={pending}>
          {kind === 'plan'
            ? t('one-click.save-plan', 'Save the plan')
            : t('one-click.save-map', 'Save the map')}
        </SubmitButton>
      </div>
    </form>
  );
}
