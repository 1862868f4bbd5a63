import { Body1, Subtitle2 } from '@fluentui/react-components';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { href, type RouteName } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { useReportStyles } from '../components/reports.styles';
import { RESERVATION_REPORTS } from '../../../../shared/reports/sections';

/** spec §2 /reports: the reports the user may read, by area (reservations with REPORTS_BOOKINGS). */
export default function ReportsScreen() {
  const styles = useReportStyles();
  const t = useLabel();
  const permissions = useInitialData()?.general_permissions ?? [];
  const reservations = can(permissions, 'REPORTS_BOOKINGS');
  const services = can(permissions, 'REPORTS_SERVICES');
  return (
    <div className={styles.page}>
      <section className={styles.section} aria-labelledby="reports-reservations">
        <Subtitle2 as="h2" id="reports-reservations">
          {t('reports.reservations', 'Reservations')}
        </Subtitle2>
        {reservations ? (
          <ul className={styles.list}>
            {RESERVATION_REPORTS.map((report) => (
              <li key={report.segment}>
                <AppLink to={href(`r_reports-reservations-${report.segment}` as RouteName)}>
                  {t(report.title[0], report.title[1])}
                </AppLink>
              </li>
            ))}
          </ul>
        ) : (
          <Body1>{t('reports.no-reservations', 'You may not read the reservations reports.')}</Body1>
        )}
      </section>
      {services && (
        <section className={styles.section} aria-labelledby="reports-services">
          <Subtitle2 as="h2" id="reports-services">
            {t('reports.services.title', 'Services')}
          </Subtitle2>
          <ul className={styles.list}>
            <li>
              <AppLink to={href('r_reports-services-auto-release')}>
                {t('reports.services.auto-release', 'Services and auto-release')}
              </AppLink>
            </li>
          </ul>
        </section>
      )}
    </div>
  );
}
