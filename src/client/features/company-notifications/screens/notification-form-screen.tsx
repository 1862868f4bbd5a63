import {
  Body1,
  Button,
  Caption1,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Textarea,
} from '@fluentui/react-components';
import { Dismiss20Regular } from '@fluentui/react-icons';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  NOTIFICATION_DESCRIPTION_MAX,
  NOTIFICATION_NAME_MAX,
  type CompanyNotification,
  type CompanyNotificationBodyInput,
  type SendTo,
  type UserRef,
} from '../../../../shared/contract/company-notifications';
import { can } from '../../../../shared/permissions/can';
import { type FieldErrors } from '../../../../shared/validation/field-errors';
import { notificationTimeErrors } from '../../../../shared/validation/company-notifications';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { sayMessage } from '../../../i18n/messages';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { PeopleSearch } from '../../../ui/people-search';
import { SubmitButton } from '../../../ui/submit-button';
import { useSubmit } from '../../../ui/use-submit';
import { ConfirmAction } from '../../profile/components/confirm-action';
import { browserZone, isoToLocalInput, localInputToIso } from '../../resources/settings/availability';
import {
  deleteCompanyNotification,
  saveCompanyNotification,
  useCompanyNotification,
  useNotificationContainers,
} from '../api';
import { useNotificationStyles } from '../notifications.styles';

type Texts = Record<number, { name: string; description: string }>;
type Validity = 'none' | 'day' | 'period';

/** spec §2 /company-notifications/add (MANAGE_NOTIFICATIONS create). */
export function NotificationAddScreen() {
  return <NotificationForm stored={null} />;
}

/** spec §2 /company-notifications/edit/{company_notification_id} (read; saving needs update). */
export function NotificationEditScreen() {
  const t = useLabel();
  const param = useParams().company_notification_id;
  const id = param && /^\d+$/.test(param) ? Number(param) : null;
  const stored = useCompanyNotification(id);
  if (stored.error || id === null)
    return (
      <ErrorText
        message={
          stored.error
            ? errorMessage(stored.error)
            : t('notifications.not-found', 'This notification does not exist.')
        }
      />
    );
  if (!stored.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return <NotificationForm key={stored.data.id} stored={stored.data} />;
}

function NotificationForm({ stored }: { stored: CompanyNotification | null }) {
  const styles = useNotificationStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const zone = useMemo(() => browserZone(), []);
  const companyZone = session?.company?.timezone ?? zone;
  const languages = useMemo(() => {
    const all = session?.languages ?? [];
    const own = session?.company?.language_id;
    return [
      ...all.filter((language) => language.id === own),
      ...all.filter((language) => language.id !== own),
    ];
  }, [session]);
  const permissions = session?.general_permissions ?? [];
  const sent = stored?.status === 'sent';
  const editable = !sent && can(permissions, ['MANAGE_NOTIFICATIONS', stored ? 'update' : 'create']);
  const mayDelete = stored !== null && can(permissions, ['MANAGE_NOTIFICATIONS', 'delete']);
  const containers = useNotificationContainers();

  const [texts, setTexts] = useState<Texts>(() =>
    Object.fromEntries((stored?.translations ?? []).map((entry) => [entry.language_id, entry])),
  );
  const [sendTo, setSendTo] = useState<SendTo>(stored?.send_to ?? 'all_users');
  const [containerIds, setContainerIds] = useState<number[]>(
    stored?.user_containers.map((container) => container.id) ?? [],
  );
  const [users, setUsers] = useState<UserRef[]>(stored?.users ?? []);
  const [later, setLater] = useState(stored !== null);
  const [sendAt, setSendAt] = useState(stored ? isoToLocalInput(stored.send_at, zone) : '');
  const [validity, setValidity] = useState<Validity>(
    stored?.day ? 'day' : stored?.datetime_from || stored?.datetime_to ? 'period' : 'none',
  );
  const [day, setDay] = useState(stored?.day ?? '');
  const [from, setFrom] = useState(stored?.datetime_from ? isoToLocalInput(stored.datetime_from, zone) : '');
  const [to, setTo] = useState(stored?.datetime_to ? isoToLocalInput(stored.datetime_to, zone) : '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { pending, failure, run } = useSubmit();
  const error = (field: string) => sayMessage(errors[field]?.[0]);
  const title = stored
    ? t('notifications.edit', 'Edit notification')
    : t('notifications.add', 'Add notification');

  const body = (): CompanyNotificationBodyInput => ({
    translations: languages.map((language) => ({
      language_id: language.id,
      name: texts[language.id]?.name ?? '',
      description: texts[language.id]?.description ?? '',
    })),
    send_to: sendTo,
    user_container_ids: sendTo === 'user_containers' ? containerIds : [],
    user_ids: sendTo === 'users' ? users.map((user) => user.id) : [],
    send_at: later ? (localInputToIso(sendAt, zone) ?? 'not a time') : null,
    datetime_from: validity === 'period' && from ? (localInputToIso(from, zone) ?? 'not a time') : null,
    datetime_to: validity === 'period' && to ? (localInputToIso(to, zone) ?? 'not a time') : null,
    day: validity === 'day' ? day || 'not a day' : null,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sending = body();
    const found = notificationTimeErrors(
      {
        send_at: sending.send_at ?? null,
        datetime_from: sending.datetime_from ?? null,
        datetime_to: sending.datetime_to ?? null,
        day: sending.day ?? null,
      },
      new Date(),
      companyZone,
    );
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run(
      async () => {
        await saveCompanyNotification(stored?.id ?? null, sending);
        navigate(href('r_company-notifications'));
      },
      (fieldErrors) => setErrors(fieldErrors),
    );
  };
  const setText = (languageId: number, change: Partial<{ name: string; description: string }>) =>
    setTexts((current) => ({
      ...current,
      [languageId]: { name: '', description: '', ...current[languageId], ...change },
    }));
  const translationError = (index: number, field: 'name' | 'description') =>
    error(`translations.${index}.${field}`) ??
    (index === 0 && field === 'name' ? error('translations') : undefined);

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-label={title}>
      {sent && (
        <MessageBar intent="info">
          <MessageBarBody>
            {t('notifications.sent-locked', 'This notification has been sent and can no longer be changed.')}
          </MessageBarBody>
        </MessageBar>
      )}
      <ErrorText message={failure} />
      <fieldset className={styles.fieldset} disabled={!editable}>
        <legend className={styles.legend}>
          {t('notifications.texts', 'Name and description translations')}
        </legend>
        {languages.map((language, index) => (
          <div key={language.id} className={styles.column} lang={language.code}>
            <Field
              label={t('notifications.name-in', 'Name ({language})', { language: language.name })}
              required={index === 0}
              validationMessage={translationError(index, 'name')}
            >
              <Input
                value={texts[language.id]?.name ?? ''}
                maxLength={NOTIFICATION_NAME_MAX}
                onChange={(_event, data) => setText(language.id, { name: data.value })}
              />
            </Field>
            <Field
              label={t('notifications.description-in', 'Description ({language})', {
                language: language.name,
              })}
              validationMessage={translationError(index, 'description')}
            >
              <Textarea
                value={texts[language.id]?.description ?? ''}
                maxLength={NOTIFICATION_DESCRIPTION_MAX}
                onChange={(_event, data) => setText(language.id, { description: data.value })}
              />
            </Field>
          </div>
        ))}
      </fieldset>

      <fieldset className={styles.fieldset} disabled={!editable}>
        <legend className={styles.legend}>{t('notifications.send-to', 'Send to')}</legend>
        <RadioGroup
          value={sendTo}
          aria-label={t('notifications.send-to', 'Send to')}
          onChange={(_event, data) => setSendTo(data.value as SendTo)}
        >
          <Radio value="all_users" label={t('notifications.all-users', 'All users')} />
          <Radio value="user_containers" label={t('notifications.user-containers', 'User containers')} />
          <Radio value="users" label={t('notifications.users', 'Users')} />
        </RadioGroup>
        <ErrorText message={error('send_to')} />
        {sendTo === 'user_containers' &&
          (!containers.data ? (
            <Loader label={t('general.loading', 'Loading…')} />
          ) : (
            <div
              className={styles.column}
              role="group"
              aria-label={t('notifications.user-containers', 'User containers')}
            >
              {containers.data.data.map((container) => (
                <Checkbox
                  key={container.id}
                  label={t('notifications.container-members', '{name} ({count} members)', {
                    name: container.name,
                    count: container.members,
                  })}
                  checked={containerIds.includes(container.id)}
                  onChange={(_event, data) =>
                    setContainerIds((current) =>
                      data.checked ? [...current, container.id] : current.filter((id) => id !== container.id),
                    )
                  }
                />
              ))}
              <ErrorText
                message={error('user_container_ids') ?? firstListError(errors, 'user_container_ids')}
              />
            </div>
          ))}
        {sendTo === 'users' && (
          <div className={styles.column}>
            {users.length === 0 ? (
              <Body1>{t('notifications.no-users', 'Nobody chosen yet.')}</Body1>
            ) : (
              <ul className={styles.rows} aria-label={t('notifications.chosen-users', 'Chosen users')}>
                {users.map((user) => (
                  <li key={user.id} className={styles.row}>
                    <span className={styles.grow}>
                      <Body1>{user.name}</Body1> <Caption1 className={styles.detail}>{user.email}</Caption1>
                    </span>
                    <Button
                      appearance="subtle"
                      icon={<Dismiss20Regular />}
                      aria-label={t('notifications.remove-user', 'Remove {name}', { name: user.name })}
                      onClick={() => setUsers((current) => current.filter((each) => each.id !== user.id))}
                    />
                  </li>
                ))}
              </ul>
            )}
            <ErrorText message={error('user_ids') ?? firstListError(errors, 'user_ids')} />
            {editable && (
              <PeopleSearch
                label={t('notifications.find-users', 'Find people by name or e-mail')}
                actionLabel={(person) => t('notifications.add-user', 'Add {name}', { name: person.name })}
                exclude={(person) => users.some((user) => user.id === person.id)}
                onPick={(person) =>
                  setUsers((current) => [
                    ...current,
                    { id: person.id, name: person.name, email: person.email },
                  ])
                }
              />
            )}
          </div>
        )}
      </fieldset>

      <fieldset className={styles.fieldset} disabled={!editable}>
        <legend className={styles.legend}>{t('notifications.send-at', 'Send at')}</legend>
        <RadioGroup
          value={later ? 'later' : 'now'}
          aria-label={t('notifications.send-at', 'Send at')}
          onChange={(_event, data) => setLater(data.value === 'later')}
        >
          <Radio value="now" label={t('notifications.send-now', 'Now')} />
          <Radio value="later" label={t('notifications.send-later', 'At a time')} />
        </RadioGroup>
        {later && (
          <Field
            label={t('notifications.send-time', 'Sending time')}
            hint={zone.replace(/_/g, ' ')}
            required
            validationMessage={error('send_at')}
          >
            <Input type="datetime-local" value={sendAt} onChange={(_event, data) => setSendAt(data.value)} />
          </Field>
        )}
        {!later && <ErrorText message={error('send_at')} />}
      </fieldset>

      <fieldset className={styles.fieldset} disabled={!editable}>
        <legend className={styles.legend}>{t('notifications.validity', 'Valid')}</legend>
        <RadioGroup
          value={validity}
          aria-label={t('notifications.validity', 'Valid')}
          onChange={(_event, data) => setValidity(data.value as Validity)}
        >
          <Radio value="none" label={t('notifications.valid-always', 'Until deleted')} />
          <Radio value="day" label={t('notifications.valid-day', 'On one day')} />
          <Radio value="period" label={t('notifications.valid-period', 'For a period')} />
        </RadioGroup>
        {validity === 'day' && (
          <Field label={t('notifications.day', 'Day')} required validationMessage={error('day')}>
            <Input type="date" value={day} onChange={(_event, data) => setDay(data.value)} />
          </Field>
        )}
        {validity === 'period' && (
          <>
            <Field
              label={t('notifications.from', 'From')}
              hint={zone.replace(/_/g, ' ')}
              validationMessage={error('datetime_from')}
            >
              <Input type="datetime-local" value={from} onChange={(_event, data) => setFrom(data.value)} />
            </Field>
            <Field
              label={t('notifications.to', 'To')}
              hint={zone.replace(/_/g, ' ')}
              validationMessage={error('datetime_to')}
            >
              <Input type="datetime-local" value={to} onChange={(_event, data) => setTo(data.value)} />
            </Field>
          </>
        )}
        {validity === 'none' && <ErrorText message={error('day') ?? error('datetime_to')} />}
      </fieldset>

      <div className={styles.actions}>
        {editable && <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>}
        {mayDelete && (
          <ConfirmAction
            label={
              sent ? t('notifications.delete', 'Delete') : t('notifications.cancel-sending', 'Cancel sending')
            }
            accessibleLabel={t('notifications.delete-named', 'Delete the notification {name}', {
              name: stored.name,
            })}
            title={t('notifications.delete-title', 'Delete this notification?')}
            message={
              sent
                ? t(
                    'notifications.delete-sent',
                    'It disappears from everyone’s notifications. Mails and pushes already sent stay sent.',
                  )
                : t('notifications.delete-scheduled', 'Nobody will receive it.')
            }
            action={() => deleteCompanyNotification(stored.id)}
            after={() => navigate(href('r_company-notifications'))}
          />
        )}
      </div>
    </form>
  );
}

/** An item's error ('user_ids.2') shown once at its list. */
function firstListError(errors: FieldErrors, list: string): string | undefined {
  const key = Object.keys(errors).find((field) => field.startsWith(`${list}.`));
  return key ? sayMessage(errors[key]?.[0]) : undefined;
}
