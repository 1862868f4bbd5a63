import { Caption1, mergeClasses } from '@fluentui/react-components';
import { useLabel } from '../../../i18n/i18n';
import { useCalendarStyles } from '../calendar.styles';

/** What the booking colours mean (colour is never the only sign: the panel names the status). */
export function StatusLegend() {
  const styles = useCalendarStyles();
  const t = useLabel();
  const items = [
    [styles.swatchBooked, t('calendar.status.booked', 'Booked')],
    [styles.swatchCheckedIn, t('calendar.status.checked-in', 'Checked in')],
    [styles.swatchEnded, t('calendar.status.checked-out', 'Checked out')],
    [styles.swatchReleased, t('calendar.status.released-or-cancelled', 'Released or cancelled')],
  ] as const;
  return (
    <ul className={styles.legend} aria-label={t('calendar.legend', 'Colours')}>
      {items.map(([swatch, text]) => (
        <li key={text}>
          <span className={mergeClasses(styles.swatch, swatch)} aria-hidden />
          <Caption1>{text}</Caption1>
        </li>
      ))}
    </ul>
  );
}
