import { Body1, Field, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { addVersion, listOf, useApplications } from '../api';
import { selectedId } from './application-versions-screen';
import { useFormStyles } from './form.styles';
import { clearVersionDraft, keepVersionDraft, readVersionDraft } from './version-draft';

const useStyles = makeStyles({
  application: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'baseline', flexWrap: 'wrap' },
});

/** spec §2 /about/add-version: a platform administrator adds a release to an application. */
export default function AddVersionScreen() {
  const styles = { ...useFormStyles(), ...useStyles() };
  const t = useLabel();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const applicationId = selectedId(search.get('application'));
  const application = listOf(useApplications().data).find((candidate) => candidate.id === applicationId);
  const form = useForm({ ...readVersionDraft() }, { version: 'required' });
  const [applicationError, setApplicationError] = useState<string | undefined>();

  useEffect(() => keepVersionDraft(form.values), [form.values]);

  const submit = form.submit(
    async () => {
      await addVersion(applicationId!, { version: form.values.version.trim(), notes: form.values.notes });
      clearVersionDraft();
      navigate({ pathname: href('r_about-application-versions'), search: `?application=${applicationId}` });
    },
    {
      check: () => {
        setApplicationError(applicationId === null ? 'This field is required.' : undefined);
        return applicationId !== null;
      },
    },
  );

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={t('general.about.add-version', 'Add version')}
    >
      <Field
        label={t('general.about.application', 'Application')}
        validationMessage={applicationError}
        validationState={applicationError ? 'error' : 'none'}
      >
        <div className={styles.application}>
          <Body1>{application?.name ?? t('general.about.no-application', 'None selected')}</Body1>
          <AppLink
            to={{
              pathname: href('r_about-add-version-select-application'),
              search: search.toString() ? `?${search}` : '',
            }}
          >
            {t('general.about.select-application', 'Select application')}
          </AppLink>
        </div>
      </Field>
      <FormField
        {...form.field('version')}
        label={t('general.about.version', 'Version')}
        hint="1.2.3"
        required
      />
      <Field label={t('general.about.release-notes', 'Release notes')}>
        <Textarea
          value={form.values.notes}
          resize="vertical"
          onChange={(_event, data) => form.setValues((values) => ({ ...values, notes: data.value }))}
        />
      </Field>
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}
