import { useLocation } from 'react-router-dom';
import { RESERVATION_REPORTS, type ReportSegment } from '../../../shared/reports/sections';

/** The report the address names (/reports/reservations/{segment}/…). */
export function useCurrentReport() {
  const { pathname } = useLocation();
  const segment = /\/reports\/reservations\/([^/]+)/i.exec(pathname)?.[1]?.toLowerCase() as
    ReportSegment | undefined;
  return RESERVATION_REPORTS.find((report) => report.segment === segment) ?? RESERVATION_REPORTS[0];
}
