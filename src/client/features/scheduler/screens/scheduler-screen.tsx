import { Body1, Caption1, Field, Input, Subtitle2, Switch, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { validateValue } from '../../../../shared/validation';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { href, type RouteName } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import type { SchedulerMeeting } from '../../../../shared/contract/scheduler';
import { ConfirmAction } from '../../profile/components/confirm-action';
import { cancelMeeting, useMeetings } from '../api';
import { describeRecurrence, describeWhen, meetingWhen } from '../describe';
import { SaveBar } from '../save-bar';
import { updateDraft, useSchedulerDraft } from '../scheduler-state';
import { useSchedulerStyles } from '../scheduler.styles';

/**
 * spec §2 r_scheduler: the meeting being planned, part by part (each part opens its sub-screen),
 * and saving it: the rooms of every occurrence are booked at once or not at all.
 */
export default function SchedulerScreen() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const when = useWhen();
  const draft = useSchedulerDraft();
  const [subjectError, setSubjectError] = useState<string | undefined>();

  const checkSubject = (value: string) => {
    const message = validateValue(value, 'required');
    setSubjectError(message ? t('scheduler.subject-required', message) : undefined);
    return !message;
  };

  const rooms = draft.rooms.map((room) => room.name).join(', ');
  const parts: Array<{ route: RouteName; label: string; value: string }> = [
    {
      route: 'r_scheduler-attendees',
      label: t('scheduler.attendees', 'Attendees'),
      value:
        draft.attendees.length === 0
          ? t('scheduler.no-attendees', 'Only you')
          : draft.attendees.map((attendee) => attendee.name || attendee.email).join(', '),
    },
    {
      route: 'r_scheduler-date-time',
      label: t('scheduler.date-time', 'Date and time'),
      value: describeWhen(draft, t, when),
    },
    { route: 'r_scheduler-timezone', label: t('scheduler.timezone', 'Time zone'), value: draft.timezone },
    {
      route: 'r_scheduler-hosts',
      label: t('scheduler.host', 'Host'),
      value: draft.host?.name ?? t('scheduler.host-me', 'You'),
    },
    {
      route: 'r_scheduler-recurrence',
      label: t('scheduler.recurrence', 'Recurrence'),
      value: describeRecurrence(draft.recurrence, t, when),
    },
    {
      route: 'r_scheduler-location',
      label: t('scheduler.location', 'Location'),
      value: rooms || t('scheduler.no-rooms', 'No room chosen yet'),
    },
    {
      route: 'r_scheduler-services',
      label: t('scheduler.services', 'Services'),
      value: t('scheduler.no-services-summary', 'None'),
    },
  ];

  return (
    <div className={styles.page}>
      <div className={styles.form}>
        <Field
          label={t('scheduler.subject', 'Subject')}
          required
          validationMessage={subjectError}
          validationState={subjectError ? 'error' : 'none'}
        >
          <Input
            value={draft.subject}
            maxLength={255}
            onChange={(_event, data) => updateDraft((d) => ({ ...d, subject: data.value }))}
            onBlur={(event) => checkSubject(event.currentTarget.value)}
          />
        </Field>
      </div>
      <section className={styles.section} aria-labelledby="scheduler-parts">
        <Subtitle2 as="h2" id="scheduler-parts">
          {t('scheduler.meeting', 'Meeting')}
        </Subtitle2>
        <ul className={styles.rows}>
          {parts.map((part) => (
            <li key={part.route} className={styles.row}>
              <div className={styles.rowMain}>
                <Body1>{part.label}</Body1>
                <Caption1 className={styles.detail}>{part.value}</Caption1>
              </div>
              <AppLink
                to={href(part.route)}
                aria-label={t('scheduler.change-part', 'Change {part}', { part: part.label.toLowerCase() })}
              >
                {t('scheduler.change', 'Change')}
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      <div className={styles.form}>
        <Field label={t('scheduler.notes', 'Notes')}>
          <Textarea
            value={draft.notes}
            maxLength={2000}
            resize="vertical"
            onChange={(_event, data) => updateDraft((d) => ({ ...d, notes: data.value }))}
          />
        </Field>
        <Switch
          label={t('scheduler.private', 'Private meeting')}
          checked={draft.privateMeeting}
          onChange={(_event, data) => updateDraft((d) => ({ ...d, privateMeeting: data.checked }))}
        />
        <Switch
          label={t('scheduler.teams', 'Teams meeting')}
          checked={draft.teams}
          onChange={(_event, data) => updateDraft((d) => ({ ...d, teams: data.checked }))}
        />
      </div>
      <SaveBar
        beforeSave={() => checkSubject(draft.subject)}
        onStartOver={() => setSubjectError(undefined)}
        previewLink
      />
      <MyMeetings />
    </div>
  );
}

function MyMeetings() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const when = useWhen();
  const meetings = useMeetings();
  return (
    <section className={styles.section} aria-labelledby="scheduler-mine">
      <Subtitle2 as="h2" id="scheduler-mine">
        {t('scheduler.my-meetings', 'My meetings')}
      </Subtitle2>
      {meetings.error ? (
        <ErrorText message={meetings.error.message} />
      ) : !meetings.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : meetings.data.data.length === 0 ? (
        <Body1>{t('scheduler.no-meetings', 'No meeting planned.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('scheduler.my-meetings', 'My meetings')}>
          {meetings.data.data.map((meeting) => (
            <li key={meeting.id} className={styles.row}>
              <div className={styles.rowMain}>
                <Body1>{meeting.subject}</Body1>
                <Caption1 className={styles.detail}>{meetingWhen(meeting, t, when)}</Caption1>
              </div>
              <CancelMeeting meeting={meeting} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Cancel meeting: asks first, naming the visitors whose visits are cancelled and mailed. */
function CancelMeeting({ meeting }: { meeting: SchedulerMeeting }) {
  const t = useLabel();
  const visitors = meeting.attendees
    .filter((attendee) => attendee.user_id === null && attendee.reception_desk_id)
    .map((attendee) => attendee.name || attendee.email);
  const rooms = t(
    'scheduler.cancel-message',
    'The rooms of every occurrence not yet over are released and the meeting is removed. This cannot be undone.',
  );
  return (
    <ConfirmAction
      label={t('scheduler.cancel-meeting', 'Cancel meeting')}
      accessibleLabel={t('scheduler.cancel-meeting-for', 'Cancel meeting: {subject}', {
        subject: meeting.subject,
      })}
      title={t('scheduler.cancel-title', 'Cancel {subject}?', { subject: meeting.subject })}
      message={
        visitors.length
          ? `${rooms} ${t(
              'scheduler.cancel-visitors',
              'The visits of the visitors registered for it ({names}) are cancelled and they are sent a cancellation e-mail.',
              { names: visitors.join(', ') },
            )}`
          : rooms
      }
      action={() => cancelMeeting(meeting.id)}
      after={() => undefined}
    />
  );
}
