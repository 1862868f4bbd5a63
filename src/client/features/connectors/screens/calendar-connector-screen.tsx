import {
  Body1,
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Subtitle2,
} from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  calendarFieldLabelCode,
  CALENDAR_FIELDS,
  PROVIDER_NAMES,
  type CalendarConnector,
} from '../../../../shared/contract/connectors';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { useSubmit } from '../../../ui/use-submit';
import {
  createField,
  deleteCalendar,
  deleteLinkedUser,
  updateCalendar,
  useCalendar,
  useLinkedUsers,
} from '../api';
import { useConnectorStyles } from '../components/connectors.styles';
import { inputType } from './calendar-connector-add-screen';

/** spec §2 connectors-calendar/list/{calendarId}: one connector's settings, fields, rooms and linked users. */
export default function CalendarConnectorScreen() {
  const id = Number(useParams().calendarId);
  const t = useLabel();
  const calendar = useCalendar(Number.isInteger(id) && id > 0 ? id : null);
  if (calendar.error) return <ErrorText message={calendar.error.message} />;
  if (!calendar.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <ConnectorDetails
      connector={calendar.data}
      onChange={(next) => void calendar.mutate(next, { revalidate: false })}
    />
  );
}

function ConnectorDetails({
  connector,
  onChange,
}: {
  connector: CalendarConnector;
  onChange: (next: CalendarConnector) => void;
}) {
  const styles = useConnectorStyles();
  const t = useLabel();
  const session = useInitialData();
  const permissions = session?.general_permissions ?? [];
  const mayEdit = can(permissions, ['CONNECTORS', 'update']);
  const mayCreate = can(permissions, ['CONNECTORS', 'create']);
  const mayDelete = can(permissions, ['CONNECTORS', 'delete']);
  const form = useForm({ name: connector.name }, { name: 'required' });
  const [active, setActive] = useState(connector.is_active);
  const [saved, setSaved] = useState(false);

  const submit = form.submit(
    async () => {
      setSaved(false);
      onChange(await updateCalendar(connector.id, { name: form.values.name.trim(), is_active: active }));
      setSaved(true);
    },
    { failure: 'all' },
  );

  return (
    <div className={styles.page}>
      <form
        className={styles.form}
        onSubmit={submit}
        noValidate
        aria-label={t('connectors.settings', 'Settings')}
      >
        <Body1>{PROVIDER_NAMES[connector.provider]}</Body1>
        {saved && (
          <MessageBar intent="success" role="status">
            <MessageBarBody>{t('connectors.saved', 'Saved.')}</MessageBarBody>
          </MessageBar>
        )}
        <FormField {...form.field('name')} label={t('connectors.name', 'Name')} required maxLength={120} />
        <Checkbox
          label={t('connectors.active', 'Active')}
          checked={active}
          disabled={!mayEdit}
          onChange={(_event, data) => setActive(data.checked === true)}
        />
        <ErrorText message={form.failure} />
        {mayEdit && (
          <div className={styles.actions}>
            <SubmitButton pending={form.pending}>{t('general.actions.save', 'Save')}</SubmitButton>
          </div>
        )}
      </form>

      <section className={styles.section} aria-labelledby="calendar-fields">
        <Subtitle2 as="h2" id="calendar-fields">
          {t('connectors.fields', 'Fields')}
        </Subtitle2>
        <ul className={styles.rows}>
          {connector.fields.map((field) => (
            <li key={field.id} className={styles.row}>
              {mayEdit ? (
                <AppLink
                  to={href('r_connectors-calendar-edit', {
                    calendarId: connector.id,
                    calendarFieldId: field.id,
                  })}
                >
                  {t(calendarFieldLabelCode(field.label), field.label)}
                </AppLink>
              ) : (
                <Body1>{t(calendarFieldLabelCode(field.label), field.label)}</Body1>
              )}
              <Body1 className={styles.detail}>{field.value || '–'}</Body1>
            </li>
          ))}
        </ul>
        {mayCreate && <AddField connector={connector} onAdded={onChange} />}
      </section>

      <section className={styles.section} aria-labelledby="calendar-rooms">
        <Subtitle2 as="h2" id="calendar-rooms">
          {t('connectors.calendar-rooms', 'Rooms and mailboxes')}
        </Subtitle2>
        {connector.mappings.length === 0 ? (
          <Body1>{t('connectors.no-rooms', 'No room is synchronised yet.')}</Body1>
        ) : (
          <ul className={styles.rows}>
            {connector.mappings.map((mapping) => (
              <li key={mapping.resource_id} className={styles.row}>
                <Body1>{mapping.resource_name}</Body1>
                <Body1 className={styles.detail}>{mapping.calendar_id}</Body1>
              </li>
            ))}
          </ul>
        )}
        {mayEdit && (
          <AppLink to={href('r_connectors-calendar-rooms', { calendarId: connector.id })}>
            {t('connectors.edit-rooms', 'Choose rooms and mailboxes')}
          </AppLink>
        )}
      </section>

      <LinkedUsers connectorId={connector.id} mayDelete={mayDelete} />
      {mayDelete && <DeleteConnector connector={connector} />}
    </div>
  );
}

/** Optional fields not set yet (a change notification URL, a service account) are added here. */
function AddField({
  connector,
  onAdded,
}: {
  connector: CalendarConnector;
  onAdded: (next: CalendarConnector) => void;
}) {
  const styles = useConnectorStyles();
  const t = useLabel();
  const unset = CALENDAR_FIELDS[connector.provider].filter(
    (spec) => !connector.fields.some((f) => f.key === spec.key),
  );
  const [key, setKey] = useState(unset[0]?.key ?? '');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { pending, run } = useSubmit();
  // the chosen key is one still unset (after an add, the next one)
  if (unset.length === 0) return null;
  const spec = unset.find((s) => s.key === key) ?? unset[0]!;

  const add = async () => {
    setError(undefined);
    if (value.trim() === '') return setError(t('validation.required', 'This field is required.'));
    await run(
      async () => {
        const field = await createField(connector.id, spec.key, value);
        onAdded({ ...connector, fields: [...connector.fields, field] });
        setValue('');
      },
      (errors) => {
        setError(errors.value?.[0] ?? errors.key?.[0]);
        return true;
      },
    );
  };

  return (
    <div className={styles.actions} role="group" aria-label={t('connectors.add-field', 'Add a field')}>
      <Field label={t('connectors.field', 'Field')}>
        <Select value={spec.key} onChange={(_event, data) => setKey(data.value)}>
          {unset.map((s) => (
            <option key={s.key} value={s.key}>
              {t(calendarFieldLabelCode(s.label), s.label)}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label={t('connectors.value', 'Value')}
        validationMessage={error}
        validationState={error ? 'error' : 'none'}
      >
        <Input type={inputType(spec)} value={value} onChange={(_event, data) => setValue(data.value)} />
      </Field>
      <Button onClick={() => void add()} disabled={pending}>
        {t('connectors.add-field', 'Add a field')}
      </Button>
    </div>
  );
}

function LinkedUsers({ connectorId, mayDelete }: { connectorId: number; mayDelete: boolean }) {
  const styles = useConnectorStyles();
  const t = useLabel();
  const linked = useLinkedUsers(connectorId);
  const { failure, run } = useSubmit();
  if (!linked.data) return linked.error ? <ErrorText message={linked.error.message} /> : null;
  return (
    <section className={styles.section} aria-labelledby="calendar-linked">
      <Subtitle2 as="h2" id="calendar-linked">
        {t('connectors.linked-users', 'Linked users')}
      </Subtitle2>
      {linked.data.data.length === 0 ? (
        <Body1>{t('connectors.no-linked-users', 'No user has linked their calendar.')}</Body1>
      ) : (
        <ul className={styles.rows}>
          {linked.data.data.map((link) => (
            <li key={link.id} className={styles.row}>
              <Body1>
                {link.user.name} ({link.account_email ?? link.user.email})
              </Body1>
              {mayDelete && (
                <Button
                  size="small"
                  aria-label={`${t('connectors.unlink', 'Unlink')} ${link.user.name}`}
                  onClick={() =>
                    void run(async () => {
                      await deleteLinkedUser(link.id);
                      await linked.mutate();
                    })
                  }
                >
                  {t('connectors.unlink', 'Unlink')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ErrorText message={failure} />
    </section>
  );
}

/** An inline confirmation rather than a dialog (see STYLE: no modal for inline flows). */
function DeleteConnector({ connector }: { connector: CalendarConnector }) {
  const styles = useConnectorStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const { pending, failure, run } = useSubmit();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <div className={styles.actions}>
        <Button onClick={() => setAsking(true)}>{t('connectors.delete', 'Delete connector')}</Button>
      </div>
    );
  return (
    <div role="group" aria-label={t('connectors.delete', 'Delete connector')} className={styles.section}>
      <Body1>
        {t(
          'connectors.delete-confirm',
          'Delete {name}? Its rooms stop synchronising, the events it wrote for bookings are taken off their calendars (the bookings stay), and linked users are unlinked.',
        ).replace('{name}', connector.name)}
      </Body1>
      <div className={styles.actions}>
        <Button
          ref={confirm}
          appearance="primary"
          disabled={pending}
          onClick={() =>
            void run(async () => {
              await deleteCalendar(connector.id);
              navigate(href('r_connectors-calendar'));
            })
          }
        >
          {t('general.actions.delete', 'Delete')}
        </Button>
        <Button onClick={() => setAsking(false)}>{t('general.actions.cancel', 'Cancel')}</Button>
      </div>
      <ErrorText message={failure} />
    </div>
  );
}
