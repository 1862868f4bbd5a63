import type { ReportSection } from '../contract/reports';

/** The reservations reports of spec §2, by their route segment: the section each calculates. */
export const RESERVATION_REPORTS = [
  { segment: 'dashboard', section: 'dashboard', title: ['reports.dashboard', 'Dashboard'], preset: true },
  {
    segment: 'min-average-max',
    section: 'min_max_average',
    title: ['reports.min-average-max', 'Minimum, average, maximum'],
    preset: true,
  },
  {
    segment: 'historical-occupancy',
    section: 'occupancy_historical',
    title: ['reports.historical-occupancy', 'Historical occupancy'],
    preset: true,
  },
  {
    segment: 'prediction-daily',
    section: 'prediction_daily',
    title: ['reports.prediction-daily', 'Daily prediction'],
    preset: false,
  },
  {
    segment: 'prediction-weekday',
    section: 'prediction_weekday',
    title: ['reports.prediction-weekday', 'Prediction by weekday'],
    preset: false,
  },
  {
    segment: 'technical-list',
    section: 'technical_list',
    title: ['reports.technical-list', 'Technical list'],
    preset: true,
  },
] as const satisfies ReadonlyArray<{
  segment: string;
  section: ReportSection;
  title: readonly [string, string];
  preset: boolean;
}>;

export type ReportSegment = (typeof RESERVATION_REPORTS)[number]['segment'];
export const reportOf = (segment: ReportSegment) =>
  RESERVATION_REPORTS.find((report) => report.segment === segment)!;
