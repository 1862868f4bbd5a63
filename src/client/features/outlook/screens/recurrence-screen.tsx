import { Body1, Subtitle2 } from '@fluentui/react-components';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { ErrorText } from '../../../ui/error-text';
import { useOutlookStyles } from '../components/outlook.styles';
import { usePane } from '../pane-state';
import { PaneReady } from '../use-pane-ready';

/**
 * spec §2 /outlook/recurrence: every occurrence of the series (expanded from recurrence.getAsync),
 * each with the room booked for it, or the date it is taken on.
 */
function Recurrence() {
  const styles = useOutlookStyles();
  const t = useLabel();
  const { occurrences, seriesProblem, booking, conflicts, zone } = usePane();
  const when = useWhen(zone);
  if (!occurrences) return <ErrorText message={seriesProblem} />;
  const bookedAt = new Map(
    (booking?.bookings ?? []).map((entry) => [new Date(entry.start).getTime(), entry]),
  );
  const takenAt = new Set(conflicts.map((conflict) => new Date(conflict.start).getTime()));
  return (
    <section className={styles.screen} aria-labelledby="occurrences-title">
      <Subtitle2 as="h2" id="occurrences-title">
        {t(
          'outlook.series-count',
          { one: '{count} occurrence', other: '{count} occurrences' },
          { count: occurrences.length },
        )}
      </Subtitle2>
      <ol className={styles.list} data-testid="occurrence-list">
        {occurrences.map((occurrence) => {
          const at = occurrence.start.getTime();
          const booked = bookedAt.get(at);
          return (
            <li key={at} className={styles.row}>
              <Body1>{when.dateTimeRange(occurrence.start, occurrence.end)}</Body1>
              <Body1 className={styles.muted}>
                {booked
                  ? booked.resource_name
                  : takenAt.has(at)
                    ? t('outlook.taken', 'Room taken')
                    : t('outlook.not-booked', 'No room')}
              </Body1>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export default function RecurrenceScreen() {
  return (
    <PaneReady>
      <Recurrence />
    </PaneReady>
  );
}
