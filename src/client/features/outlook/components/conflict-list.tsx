import { Body1, Caption1, ToggleButton } from '@fluentui/react-components';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { chooseAlternative } from '../pane-booking';
import { usePane } from '../pane-state';
import { useOutlookStyles } from './outlook.styles';

/** A series' taken dates, each with the room suggested for it; choosing it books that date there. */
export function ConflictList() {
  const styles = useOutlookStyles();
  const t = useLabel();
  const when = useWhen();
  const { conflicts, chosen } = usePane();
  if (conflicts.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="conflicts-title">
      <Body1 as="h2" id="conflicts-title">
        {t('outlook.conflicts', 'Taken dates')}
      </Body1>
      <ul className={styles.list} data-testid="conflict-list">
        {conflicts.map((conflict) => {
          const picked = chosen[conflict.start];
          return (
            <li key={conflict.start} className={styles.row}>
              <div className={styles.rowText}>
                <Body1 data-testid="conflict-date">{when.date(conflict.date)}</Body1>
                <Caption1 className={styles.muted}>
                  {conflict.alternative
                    ? t('outlook.suggested', 'Suggested: {name}, {capacity} seats', {
                        name: conflict.alternative.name,
                        capacity: conflict.alternative.capacity,
                      })
                    : t('outlook.no-alternative', 'No other room is free then.')}
                </Caption1>
              </div>
              {conflict.alternative && (
                <ToggleButton
                  size="small"
                  checked={Boolean(picked)}
                  onClick={() => chooseAlternative(conflict, picked ? null : conflict.alternative)}
                >
                  {t('outlook.use-alternative', 'Use {name} on {date}', {
                    name: conflict.alternative.name,
                    date: when.date(conflict.date),
                  })}
                </ToggleButton>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
