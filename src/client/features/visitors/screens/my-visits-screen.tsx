import { Body1 } from '@fluentui/react-components';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useMyVisits } from '../api';
import { useVisitorStyles } from '../visitors.styles';
import { statusText } from './my-visitors-screen';

/** spec §2 /my-visits: the visits the signed-in person is invited to (by their e-mail address). */
export default function MyVisitsScreen() {
  const styles = useVisitorStyles();
  const t = useLabel();
  const when = useWhen();
  const visits = useMyVisits();
  if (!visits.data)
    return visits.error ? (
      <ErrorText message={visits.error.message} />
    ) : (
      <Loader label={t('general.loading', 'Loading…')} />
    );
  return (
    <div className={styles.page}>
      {visits.data.data.length === 0 ? (
        <Body1 role="status">{t('visitors.no-visits', 'No visits.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('visitors.my-visits', 'My visits')}>
          {visits.data.data.map((visit) => (
            <li key={visit.id} className={styles.row}>
              <Body1 className={styles.grow}>{when.dateTimeRange(visit.starts_at, visit.ends_at)}</Body1>
              <Body1>{visit.reception_desk_name}</Body1>
              <Body1 className={styles.detail}>{visit.host_name}</Body1>
              <Body1>{statusText(t, visit.status)}</Body1>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
