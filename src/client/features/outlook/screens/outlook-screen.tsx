import {
  Body1,
  Caption1,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { readMeeting, type Meeting } from '../../../office/office';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import { formatMeetingTime } from '../format-meeting';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  times: { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
});

type State = { status: 'loading' } | { status: 'ready'; meeting: Meeting } | { status: 'failed'; message: string };

/** spec §2 /outlook: the add-in's landing: the appointment being organised, read through Office.js. */
export default function OutlookScreen() {
  const styles = useStyles();
  const t = useLabel();
  const session = useInitialData();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    readMeeting().then(
      (meeting) => live && setState({ status: 'ready', meeting }),
      (error: unknown) => live && setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, []);

  if (state.status === 'loading') return <Spinner label={t('outlook.loading', 'Reading the appointment…')} size="small" />;
  if (state.status === 'failed')
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{state.message}</MessageBarBody>
      </MessageBar>
    );

  const { meeting } = state;
  const preference = session?.usertimepreference;
  const format = (time: Date) =>
    formatMeetingTime(time, {
      timezone: preference?.timezone || session?.user.timezone || dayjsGuess(),
      dateFormat: preference?.date_format ?? '',
      timeFormat: preference?.time_format ?? '',
    });
  return (
    <section className={styles.card} aria-labelledby="meeting-subject">
      <Caption1>{t('outlook.appointment', 'Appointment')}</Caption1>
      <Subtitle2 as="h2" id="meeting-subject" data-testid="meeting-subject">
        {meeting.subject || t('outlook.no_subject', '(no subject)')}
      </Subtitle2>
      <dl className={styles.times}>
        <dt className={styles.term}>{t('outlook.start', 'Start')}</dt>
        <dd className={styles.value} data-testid="meeting-start">
          <Body1>{format(meeting.start)}</Body1>
        </dd>
        <dt className={styles.term}>{t('outlook.end', 'End')}</dt>
        <dd className={styles.value} data-testid="meeting-end">
          <Body1>{format(meeting.end)}</Body1>
        </dd>
      </dl>
    </section>
  );
}

function dayjsGuess(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
