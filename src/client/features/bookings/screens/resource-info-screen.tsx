import { Subtitle2 } from '@fluentui/react-components';
import { useParams, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useGrid } from '../api';
import { useBookingsStyles } from '../bookings.styles';

/** spec §2 /bookings-grid/{presetId}/info/{resourceId}: what the grid knows of one resource that day. */
export default function ResourceInfoScreen() {
  const styles = useBookingsStyles();
  const t = useLabel();
  const { presetId, resourceId } = useParams();
  const [params] = useSearchParams();
  const grid = useGrid(Number(presetId), params.get('date') ?? undefined);
  if (grid.error) return <ErrorText message={errorMessage(grid.error)} />;
  if (!grid.data) return <Loader label={t('bookings.info.loading', 'Loading the resource…')} />;
  const resource = grid.data.data.find((candidate) => candidate.id === Number(resourceId));
  if (!resource)
    return <ErrorText message={t('bookings.info.missing', 'This resource is not in the preset.')} />;
  const hours =
    resource.resource_start && resource.resource_end
      ? `${resource.resource_start} – ${resource.resource_end}`
      : t('bookings.info.closed', 'Closed');
  const rows: [string, string][] = [
    [t('bookings.info.location', 'Location'), resource.path],
    [t('bookings.info.capacity', 'Capacity'), String(resource.capacity)],
    [t('bookings.info.timezone', 'Time zone'), resource.timezone],
    [t('bookings.info.hours', 'Hours on {date}', { date: grid.data.date_label }), hours],
    [
      t('bookings.info.step', 'Smallest booking'),
      t('bookings.info.minutes', '{count} minutes', { count: resource.limits.step_minutes }),
    ],
    [
      t('bookings.info.per-day', 'Bookings a day per person'),
      resource.limits.per_day === null
        ? t('bookings.info.no-limit', 'No limit')
        : String(resource.limits.per_day),
    ],
  ];
  return (
    <section className={styles.page} aria-labelledby="resource-info-title">
      <Subtitle2 as="h2" id="resource-info-title">
        {resource.name}
      </Subtitle2>
      <dl className={styles.details}>
        {rows.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.definition}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
