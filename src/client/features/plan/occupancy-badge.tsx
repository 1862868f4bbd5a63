import { Caption1 } from '@fluentui/react-components';
import { occupancyBand, type BookingPreferences } from '../../../shared/booking/preferences';
import { useLabel } from '../../i18n/i18n';
import { usePlanStyles } from './screens/plan.styles';

const BAND_NAMES = {
  high: ['plan.band.high', 'High occupancy'],
  average: ['plan.band.average', 'Average occupancy'],
  low: ['plan.band.low', 'Low occupancy'],
} as const;

/** A resource's or a level's occupancy: the preference colour of its band and the share in words. */
export function OccupancyBadge({
  percentage,
  preferences,
}: {
  percentage: number;
  preferences: BookingPreferences;
}) {
  const styles = usePlanStyles();
  const t = useLabel();
  const band = occupancyBand(percentage, preferences);
  return (
    <Caption1 className={styles.marks}>
      <span aria-hidden className={styles.band} style={{ backgroundColor: preferences.colors[band] }} />
      {t('plan.occupancy', '{percentage}% booked', { percentage })} ·{' '}
      {t(BAND_NAMES[band][0], BAND_NAMES[band][1])}
    </Caption1>
  );
}
