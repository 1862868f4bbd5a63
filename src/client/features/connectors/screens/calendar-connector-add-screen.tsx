import { Body1, Checkbox } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  CALENDAR_FIELDS,
  calendarFieldLabelCode,
  CalendarProvider,
  PROVIDER_NAMES,
  type CalendarFieldSpec,
} from '../../../../shared/contract/connectors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { createCalendar } from '../api';
import { useConnectorStyles } from '../components/connectors.styles';

/** The form rules of a field (spec §5 validators); URLs are checked on the server. */
export const fieldRules = (spec: CalendarFieldSpec) =>
  [spec.required && spec.default === undefined ? 'required' : '', spec.kind === 'email' ? 'email' : '']
    .filter(Boolean)
    .join('|');
export const inputType = (spec: CalendarFieldSpec) =>
  spec.kind === 'secret' ? 'password' : spec.kind === 'email' ? 'email' : 'text';

/** spec §2 connectors-calendar/{calendarId}/add, in the Outlook, Google and CalDAV variants. */
export default function CalendarConnectorAddScreen() {
  const { calendarId } = useParams();
  const provider = CalendarProvider.safeParse(calendarId);
  const t = useLabel();
  if (!provider.success)
    return <ErrorText message={t('connectors.unknown-provider', 'Unknown kind of calendar.')} />;
  return <AddForm key={provider.data} provider={provider.data} />;
}

function AddForm({ provider }: { provider: CalendarProvider }) {
  const styles = useConnectorStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const specs = CALENDAR_FIELDS[provider];
  const keys = specs.map((spec) => `fields.${spec.key}`);
  const form = useForm<string>(
    Object.fromEntries([
      ['name', PROVIDER_NAMES[provider]],
      ...specs.map((spec) => [`fields.${spec.key}`, spec.default ?? '']),
    ]),
    Object.fromEntries([
      ['name', 'required'],
      ...specs.map((spec) => [`fields.${spec.key}`, fieldRules(spec)]),
    ]),
  );
  const [active, setActive] = useState(true);

  const submit = form.submit(
    async () => {
      const fields = Object.fromEntries(
        specs
          .map((spec, index) => [spec.key, form.values[keys[index]!]!.trim()] as const)
          .filter(([, value]) => value !== ''),
      );
      const created = await createCalendar({
        provider,
        name: form.values.name!.trim(),
        is_active: active,
        fields,
      });
      // the rooms come next: a connector without rooms synchronises nothing
      navigate(href('r_connectors-calendar-rooms', { calendarId: created.id }));
    },
    { failure: 'all' },
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={PROVIDER_NAMES[provider]}>
      <Body1>{PROVIDER_NAMES[provider]}</Body1>
      <FormField {...form.field('name')} label={t('connectors.name', 'Name')} required maxLength={120} />
      {specs.map((spec) => (
        <FormField
          key={spec.key}
          {...form.field(`fields.${spec.key}`)}
          label={t(calendarFieldLabelCode(spec.label), spec.label)}
          type={inputType(spec)}
          autoComplete={spec.kind === 'secret' ? 'new-password' : 'off'}
          required={spec.required}
          maxLength={8192}
        />
      ))}
      <Checkbox
        label={t('connectors.active', 'Active')}
        checked={active}
        onChange={(_event, data) => setActive(data.checked === true)}
      />
      <ErrorText message={form.failure} />
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}
