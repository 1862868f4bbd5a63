import { Checkbox, Field, Select, Switch } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { createUser, useAssignableContainers } from '../api';
import { useUserStyles } from './users.styles';

/**
 * spec §2 /manage-users add-user (create): who the person is, their language, timezone and country,
 * whether they are a visitor or sign in through SSO, and their containers. Unless SSO signs them
 * in, the server mails them an invitation that sets their first password.
 */
export default function UserAddScreen() {
  const t = useLabel();
  const session = useInitialData();
  if (!session) return <Loader label={t('general.loading', 'Loading…')} />;
  return <AddForm />;
}

function AddForm() {
  const styles = useUserStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData()!;
  const containers = useAssignableContainers();
  const form = useForm(
    { email: '', first_name: '', last_name: '' },
    { email: 'required|email', first_name: 'required', last_name: 'required' },
  );
  const [languageId, setLanguageId] = useState(
    String(session.company?.language_id ?? session.languages[0]?.id ?? ''),
  );
  const [timezone, setTimezone] = useState(session.company?.timezone ?? 'UTC');
  const [countryId, setCountryId] = useState(
    session.company?.country_id ? String(session.company.country_id) : '',
  );
  const [isVisitor, setIsVisitor] = useState(false);
  const [sso, setSso] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());

  const submit = form.submit(async () => {
    const user = await createUser({
      email: form.values.email.trim(),
      first_name: form.values.first_name,
      last_name: form.values.last_name,
      language_id: Number(languageId),
      timezone,
      country_id: countryId ? Number(countryId) : null,
      is_visitor: isVisitor,
      sso,
      container_ids: [...chosen],
    });
    navigate(href('r_manage-users-edit', { user_id: user.id }));
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('users.add', 'Add user')}>
      <FormField
        {...form.field('email')}
        label={t('users.email', 'E-mail')}
        type="email"
        required
        focusOnMount
      />
      <FormField {...form.field('first_name')} label={t('users.first-name', 'First name')} required />
      <FormField {...form.field('last_name')} label={t('users.last-name', 'Last name')} required />
      <Field label={t('users.language', 'Language')}>
        <Select value={languageId} onChange={(_event, data) => setLanguageId(data.value)}>
          {session.languages.map((language) => (
            <option key={language.id} value={language.id}>
              {language.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('users.timezone', 'Timezone')}>
        <Select value={timezone} onChange={(_event, data) => setTimezone(data.value)}>
          {session.timezones.map((zone) => (
            <option key={zone.name} value={zone.name}>
              {zone.name.replace(/_/g, ' ')}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('users.country', 'Country')}>
        <Select value={countryId} onChange={(_event, data) => setCountryId(data.value)}>
          <option value="">{t('users.no-country', 'None')}</option>
          {session.countries.map((country) => (
            <option key={country.id} value={country.id}>
              {country.name}
            </option>
          ))}
        </Select>
      </Field>
      <Switch
        checked={isVisitor}
        onChange={(_event, data) => setIsVisitor(data.checked)}
        label={t('users.is-visitor', 'Visitor')}
      />
      <Switch
        checked={sso}
        onChange={(_event, data) => setSso(data.checked)}
        label={t('users.sso-hint', 'Signs in through single sign-on (no invitation mail)')}
      />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('users.containers', 'Containers')}</legend>
        {containers.data ? (
          containers.data.data.map((container) => (
            <Checkbox
              key={container.id}
              label={container.name}
              checked={chosen.has(container.id)}
              onChange={(_event, data) =>
                setChosen((previous) => {
                  const next = new Set(previous);
                  if (data.checked === true) next.add(container.id);
                  else next.delete(container.id);
                  return next;
                })
              }
            />
          ))
        ) : (
          <Loader label={t('general.loading', 'Loading…')} />
        )}
      </fieldset>
      <ErrorText message={form.failure} />
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>
          {sso ? t('users.add-submit-sso', 'Add user') : t('users.add-submit', 'Add and send invitation')}
        </SubmitButton>
      </div>
    </form>
  );
}
