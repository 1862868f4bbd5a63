import { Body1, Caption1, Subtitle2 } from '@fluentui/react-components';
import { zoneName } from '../../../i18n/format-when';
import { i18n, useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { attendeeCount } from '../first-rooms';
import { usePane } from '../pane-state';
import { useOutlookStyles } from './outlook.styles';

/** The appointment being organised, as Office.js reads it, in its own zone (named). */
export function MeetingSummary() {
  const styles = useOutlookStyles();
  const t = useLabel();
  const { meeting, occurrences, seriesProblem, zone, seriesUntil } = usePane();
  const when = useWhen(zone);
  if (!meeting) return null;
  return (
    <section className={styles.card} aria-labelledby="meeting-subject">
      <Caption1>{t('outlook.appointment', 'Appointment')}</Caption1>
      <Subtitle2 as="h2" id="meeting-subject" data-testid="meeting-subject">
        {meeting.subject || t('outlook.no_subject', '(no subject)')}
      </Subtitle2>
      <dl className={styles.times}>
        <dt className={styles.term}>{t('outlook.start', 'Start')}</dt>
        <dd className={styles.value} data-testid="meeting-start">
          <Body1>{when.dateTime(meeting.start)}</Body1>
        </dd>
        <dt className={styles.term}>{t('outlook.end', 'End')}</dt>
        <dd className={styles.value} data-testid="meeting-end">
          <Body1>{when.dateTime(meeting.end)}</Body1>
        </dd>
        <dt className={styles.term}>{t('outlook.time-zone', 'Time zone')}</dt>
        <dd className={styles.value} data-testid="meeting-zone" title={zone}>
          <Body1>{zoneName(zone, i18n.language || 'en')}</Body1>
        </dd>
        <dt className={styles.term}>{t('outlook.attendees', 'People')}</dt>
        <dd className={styles.value} data-testid="meeting-attendees">
          <Body1>{attendeeCount(meeting)}</Body1>
        </dd>
        {meeting.recurrence && (
          <>
            <dt className={styles.term}>{t('outlook.series', 'Series')}</dt>
            <dd className={styles.value} data-testid="meeting-series">
              <Body1>
                {occurrences
                  ? seriesUntil
                    ? t(
                        'outlook.series-count-until',
                        {
                          one: '{count} occurrence up to {date}, the furthest your company allows',
                          other: '{count} occurrences up to {date}, the furthest your company allows',
                        },
                        { count: occurrences.length, date: when.date(seriesUntil) },
                      )
                    : t(
                        'outlook.series-count',
                        { one: '{count} occurrence', other: '{count} occurrences' },
                        { count: occurrences.length },
                      )
                  : seriesProblem}
              </Body1>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
