import {
  Body1,
  Button,
  Caption1,
  Checkbox,
  Field,
  Input,
  MessageBar,
  Select,
  MessageBarBody,
  Subtitle2,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { can } from '../../../../shared/permissions/can';
import { validateValue } from '../../../../shared/validation';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { PeopleSearch } from '../../../ui/people-search';
import { useInitialData } from '../../../session/hooks';
import { useSchedulerReceptionDesks } from '../api';
import { updateDraft, useSchedulerDraft } from '../scheduler-state';
import { useSchedulerStyles } from '../scheduler.styles';

/** spec §2 r_scheduler-attendees: colleagues found by name or email, and people from outside by email. */
export function AttendeesScreen() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const draft = useSchedulerDraft();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();

  const addGuest = () => {
    const message = validateValue(email, 'required|email');
    if (message) {
      setEmailError(message);
      return;
    }
    if (draft.attendees.some((attendee) => attendee.email.toLowerCase() === email.trim().toLowerCase())) {
      setEmailError(t('scheduler.already-invited', 'This person is already invited.'));
      return;
    }
    updateDraft((d) => ({
      ...d,
      attendees: [...d.attendees, { user_id: null, email: email.trim(), name: name.trim(), optional: false }],
    }));
    setEmail('');
    setName('');
    setEmailError(undefined);
  };

  return (
    <div className={styles.page}>
      <PeopleSearch
        label={t('scheduler.search-people', 'Search colleagues')}
        actionLabel={(person) => t('scheduler.invite', 'Invite {name}', { name: person.name })}
        exclude={(person) => draft.attendees.some((attendee) => attendee.user_id === person.id)}
        onPick={(person) =>
          updateDraft((d) => ({
            ...d,
            attendees: [
              ...d.attendees,
              { user_id: person.id, email: person.email, name: person.name, optional: false },
            ],
          }))
        }
      />
      <section className={styles.section} aria-labelledby="scheduler-guest">
        <Subtitle2 as="h2" id="scheduler-guest">
          {t('scheduler.guest', 'Someone from outside')}
        </Subtitle2>
        <div className={styles.inline}>
          <Field
            label={t('scheduler.guest-email', 'Email')}
            validationMessage={emailError}
            validationState={emailError ? 'error' : 'none'}
          >
            <Input
              type="email"
              value={email}
              onChange={(_event, data) => setEmail(data.value)}
              onBlur={(event) =>
                setEmailError(validateValue(event.currentTarget.value, 'email') ?? undefined)
              }
            />
          </Field>
          <Field label={t('scheduler.guest-name', 'Name')}>
            <Input value={name} maxLength={255} onChange={(_event, data) => setName(data.value)} />
          </Field>
          <Button onClick={addGuest}>{t('scheduler.add-guest', 'Invite')}</Button>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="scheduler-invited">
        <Subtitle2 as="h2" id="scheduler-invited">
          {t('scheduler.invited', 'Invited')}
        </Subtitle2>
        {draft.attendees.length === 0 ? (
          <Body1>{t('scheduler.no-attendees', 'Only you')}</Body1>
        ) : (
          <ul className={styles.rows}>
            {draft.attendees.map((attendee, index) => {
              const who = attendee.name || attendee.email;
              return (
                <li key={attendee.email} className={styles.row}>
                  <div className={styles.rowMain}>
                    <Body1>{who}</Body1>
                    <Caption1 className={styles.detail}>
                      {attendee.user_id === null ? t('scheduler.visitor', 'Visitor') : attendee.email}
                    </Caption1>
                  </div>
                  <div className={styles.actions}>
                    <Checkbox
                      label={t('scheduler.optional', 'Optional')}
                      checked={attendee.optional}
                      onChange={(_event, data) =>
                        updateDraft((d) => ({
                          ...d,
                          attendees: d.attendees.map((a, i) =>
                            i === index ? { ...a, optional: data.checked === true } : a,
                          ),
                        }))
                      }
                    />
                    {attendee.user_id === null && (
                      <AppLink
                        to={href('r_scheduler-reception-desks-visitor', { attendeeId: index })}
                        aria-label={t('scheduler.reception-for', 'Reception desk for {name}', { name: who })}
                      >
                        {t('scheduler.reception-desk', 'Reception desk')}
                      </AppLink>
                    )}
                    <Button
                      appearance="subtle"
                      aria-label={t('scheduler.remove-attendee', 'Remove {name}', { name: who })}
                      onClick={() =>
                        updateDraft((d) => ({ ...d, attendees: d.attendees.filter((_, i) => i !== index) }))
                      }
                    >
                      {t('scheduler.remove', 'Remove')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

/** spec §2 r_scheduler-hosts: who hosts the meeting (the organiser unless someone else is chosen). */
export function HostsScreen() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const draft = useSchedulerDraft();
  return (
    <div className={styles.page}>
      <Body1 role="status">
        {draft.host
          ? t('scheduler.hosted-by', 'Hosted by {name}.', { name: draft.host.name })
          : t('scheduler.hosted-by-you', 'You host this meeting.')}
      </Body1>
      {draft.host && (
        <div className={styles.actions}>
          <Button onClick={() => updateDraft((d) => ({ ...d, host: null }))}>
            {t('scheduler.host-myself', 'Host it myself')}
          </Button>
        </div>
      )}
      <PeopleSearch
        label={t('scheduler.search-host', 'Search for a host')}
        actionLabel={(person) => t('scheduler.make-host', 'Make {name} the host', { name: person.name })}
        exclude={(person) => draft.host?.id === person.id}
        onPick={(person) => updateDraft((d) => ({ ...d, host: { id: person.id, name: person.name } }))}
      />
    </div>
  );
}

/**
 * spec §2 r_scheduler-reception-desks-visitor: someone from outside may be registered as a visitor at
 * a reception desk; the visit is written with the meeting's bookings (docs/visitors.md "Scheduler").
 * Registering needs MY_VISITORS; without it the screen says so.
 */
export function VisitorScreen() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const draft = useSchedulerDraft();
  const session = useInitialData();
  const mayRegister = can(session?.general_permissions ?? [], 'MY_VISITORS');
  const desks = useSchedulerReceptionDesks(mayRegister);
  const index = Number(useParams().attendeeId);
  const attendee = Number.isInteger(index) ? draft.attendees[index] : undefined;
  if (!attendee)
    return <ErrorText message={t('scheduler.attendee-missing', 'This attendee is not in the meeting.')} />;
  const who = attendee.name || attendee.email;
  const choose = (value: string) =>
    updateDraft((d) => ({
      ...d,
      attendees: d.attendees.map((a, i) =>
        i === index ? { ...a, reception_desk_id: value ? Number(value) : null } : a,
      ),
    }));
  return (
    <div className={styles.page}>
      <section className={styles.section} aria-labelledby="scheduler-visitor">
        <Subtitle2 as="h2" id="scheduler-visitor">
          {who}
        </Subtitle2>
        <Body1>{attendee.email}</Body1>
      </section>
      {attendee.user_id !== null ? (
        <Body1>
          {t('scheduler.not-visitor', '{name} works here and needs no reception desk.', { name: who })}
        </Body1>
      ) : !mayRegister ? (
        <MessageBar intent="info">
          <MessageBarBody>
            {t(
              'scheduler.no-reception',
              '{name} is invited to the meeting. Announcing visitors at a reception desk needs visitor management, which is not set up for your company yet.',
              { name: who },
            )}
          </MessageBarBody>
        </MessageBar>
      ) : desks.error ? (
        <ErrorText message={desks.error.message} />
      ) : !desks.data ? (
        <Loader />
      ) : (
        <Field
          label={t('scheduler.visitor-desk', 'Expect {name} at', { name: who })}
          hint={t(
            'scheduler.visitor-desk-hint',
            'The visitor is registered and invited when the meeting is saved, and told if it is cancelled.',
          )}
        >
          <Select
            value={String(attendee.reception_desk_id ?? '')}
            onChange={(_event, data) => choose(data.value)}
          >
            <option value="">{t('scheduler.no-visitor-desk', 'Do not register at a reception desk')}</option>
            {desks.data.data.map((desk) => (
              <option key={desk.id} value={desk.id}>
                {desk.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
    </div>
  );
}
