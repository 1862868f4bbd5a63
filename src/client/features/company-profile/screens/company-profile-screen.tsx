import { Body1, Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { FormField } from '../../../ui/form-field';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { updateCompanyProfile, useCompanyProfile } from '../api';
import { currentValue, pickerOptions, type ProfileField } from '../picker-options';
import { useProfileStyles } from './company-profile.styles';

const FIELDS: readonly { field: ProfileField; code: string; english: string }[] = [
  { field: 'country', code: 'company-profile.country', english: 'Country' },
  { field: 'language', code: 'company-profile.language', english: 'Language' },
  { field: 'currency', code: 'company-profile.currency', english: 'Currency' },
  { field: 'timezone', code: 'company-profile.timezone', english: 'Timezone' },
];

/** spec §2 /company-profile: the company's name, address and defaults; editable with update rights. */
export default function CompanyProfileScreen() {
  const styles = useProfileStyles();
  const t = useLabel();
  const session = useInitialData();
  const profile = useCompanyProfile();
  const form = useForm({ name: '' }, { name: 'required' });
  const [saved, setSaved] = useState(false);
  const mayEdit = can(session?.general_permissions ?? [], ['COMPANY_PROFILE', 'update']);
  const { setValues } = form;
  const loadedName = profile.data?.name;

  useEffect(() => {
    if (loadedName !== undefined) setValues({ name: loadedName });
  }, [loadedName, setValues]);

  if (!profile.data || !session) return <Loader label={t('general.loading', 'Loading…')} />;
  const data = profile.data;

  const submit = form.submit(async () => {
    setSaved(false);
    await profile.mutate(await updateCompanyProfile({ name: form.values.name.trim() }), {
      revalidate: false,
    });
    setSaved(true);
  });

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={t('company-profile.title', 'Company profile')}
    >
      {saved && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t('company-profile.saved', 'Saved.')}</MessageBarBody>
        </MessageBar>
      )}
      {mayEdit ? (
        <FormField
          {...form.field('name')}
          label={t('company-profile.name', 'Name')}
          required
          maxLength={120}
        />
      ) : (
        <Field label={t('company-profile.name', 'Name')}>
          <Input value={data.name} readOnly />
        </Field>
      )}
      <Field
        label={t('company-profile.subdomain', 'Subdomain')}
        hint={t(
          'company-profile.subdomain-hint',
          'The company’s address; platform administrators change it.',
        )}
      >
        <Input value={data.subdomain} readOnly />
      </Field>
      <ul className={styles.rows} aria-label={t('company-profile.defaults', 'Company defaults')}>
        {FIELDS.map(({ field, code, english }) => {
          const label = t(code, english);
          const current = pickerOptions(field, session).find(
            (option) => option.value === currentValue(field, data),
          );
          return (
            <li key={field} className={styles.row}>
              <Body1>{label}</Body1>
              {mayEdit ? (
                <AppLink
                  to={href(`r_company-profile-${field}`)}
                  aria-label={`${label}: ${current?.label ?? '–'}`}
                >
                  {current?.label ?? '–'}
                </AppLink>
              ) : (
                <Body1 className={styles.value}>{current?.label ?? '–'}</Body1>
              )}
            </li>
          );
        })}
      </ul>
      {mayEdit && (
        <div className={styles.actions}>
          <SubmitButton pending={form.pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        </div>
      )}
    </form>
  );
}
