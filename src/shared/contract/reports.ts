// spec §7 Reports: settings, filters, calculate, export, count, technical list, the levels finder,
// search filters and presets; spec §3 report settings, report filters, filter preset, report payload.
import { z } from 'zod';
import { requiredText } from '../validation/schemas';
import { COMPANY_PREFIX, PageMeta } from './common';
import { CalendarDate } from './calendar-date';
import { Id } from './ids';

export const reportsPath = `${COMPANY_PREFIX}/reports`;
export const reportPaths = {
  settings: `${reportsPath}/settings`,
  filters: `${reportsPath}/filters`,
  calculate: `${reportsPath}/calculate`,
  export: `${reportsPath}/export`,
  count: `${reportsPath}/count`,
  technicalList: `${reportsPath}/technical-list`,
  levelsFinder: `${reportsPath}/levels/finder`,
  levelFinder: `${reportsPath}/levels/:id/finder`,
  searchFilters: `${reportsPath}/search-filters/:section`,
  presetsOf: `${reportsPath}/presets/:section`,
  presets: `${reportsPath}/presets`,
  preset: `${reportsPath}/presets/:id`,
  presetActivate: `${reportsPath}/presets/activate/:id`,
  presetsOrder: `${reportsPath}/presets/order`,
  subscriptions: `${reportsPath}/subscriptions`,
  subscription: `${reportsPath}/subscriptions/:id`,
} as const;

/** spec §9: report calculate pages hold 100 rows. */
export const REPORT_PAGE_SIZE = 100;
/** spec §9: the export's default name. */
export const EXPORT_FILENAME = 'CurrentExport.csv';
/** A calculation covers at most a year and a day (a leap year's whole year, plus the edge day). */
export const MAX_REPORT_DAYS = 367;
/** spec §4 intervals: hours only up to a month (src/shared/reports/intervals.ts). */
export const MAX_HOURLY_DAYS = 31;

/**
 * The sections of the reservations reports (spec §2, §4). The services' auto-release report joins
 * as 'auto_release' with REPORTS_SERVICES (SECTION_PERMISSION) once service orders exist.
 */
export const REPORT_SECTIONS = [
  'dashboard',
  'min_max_average',
  'occupancy_historical',
  'occupancy_real_use',
  'historical-real-use',
  'prediction_daily',
  'prediction_weekday',
  'technical_list',
] as const;
export const ReportSection = z.enum(REPORT_SECTIONS, { message: 'The report section is not valid.' });
export type ReportSection = z.infer<typeof ReportSection>;
export const SECTION_PERMISSION: Record<ReportSection, 'REPORTS_BOOKINGS' | 'REPORTS_SERVICES'> = {
  dashboard: 'REPORTS_BOOKINGS',
  min_max_average: 'REPORTS_BOOKINGS',
  occupancy_historical: 'REPORTS_BOOKINGS',
  occupancy_real_use: 'REPORTS_BOOKINGS',
  'historical-real-use': 'REPORTS_BOOKINGS',
  prediction_daily: 'REPORTS_BOOKINGS',
  prediction_weekday: 'REPORTS_BOOKINGS',
  technical_list: 'REPORTS_BOOKINGS',
};

const Color = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.string().regex(/^#[0-9a-f]{6}$/, 'The colour must be written #rrggbb.'));

/** spec §3 report settings. */
export const ReportSettings = z.object({
  min_average_max_report_color: z.string(),
  historical_occupancy_report_color: z.string(),
  prediction_daily_report_color: z.string(),
  prediction_weekday_report_color: z.string(),
  demo: z.boolean(),
});
export type ReportSettings = z.infer<typeof ReportSettings>;
export const ReportSettingsBody = z.object({
  min_average_max_report_color: Color.optional(),
  historical_occupancy_report_color: Color.optional(),
  prediction_daily_report_color: Color.optional(),
  prediction_weekday_report_color: Color.optional(),
  demo: z.boolean().optional(),
});
export type ReportSettingsBody = z.infer<typeof ReportSettingsBody>;

/** spec §3 report filters (see src/shared/reports/filters.ts for the rules). */
export const ReportFilterSchema = z.object({
  id: z.string().min(1).max(60),
  slug: z.enum(['locations', 'types', 'dates', 'intervals', 'alarm']),
  type: z.enum(['single', 'multi', 'number-range']),
  selected: z.boolean(),
  value: z.union([z.number(), z.array(z.number()).max(500), z.null()]),
  date_start: CalendarDate.optional(),
  date_end: CalendarDate.optional(),
  hoursInterval: z.tuple([z.string().max(5), z.string().max(5)]).optional(),
  excludes: z.array(z.string().max(60)).max(20),
  includes: z.array(z.string().max(60)).max(20),
});
export const ReportFilterList = z.object({ section: ReportSection, data: z.array(ReportFilterSchema) });
export type ReportFilterList = z.infer<typeof ReportFilterList>;
export const SectionQuery = z.object({ section: ReportSection });
export const SectionParam = z.object({ section: ReportSection });

const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}):00$/;
const LocalHour = z
  .string()
  .regex(LOCAL, 'Write the date and hour as YYYY-MM-DDTHH:00.')
  .refine((text) => CalendarDate.safeParse(text.slice(0, 10)).success, 'The date is not valid.');

/**
 * spec §3 report payload. datetime_from and datetime_to are wall-clock times of the levels' own
 * clocks: their dates bound the days, their hours the part of each day (to may be 24:00).
 */
export const ReportPayload = z
  .object({
    section: ReportSection,
    query: z.string().max(200).default(''),
    location_ids: z.array(Id).max(500).default([]),
    type_ids: z.array(Id).max(200).default([]),
    alarm: z
      .tuple([z.number().min(0).max(100), z.number().min(0).max(100)])
      .nullable()
      .default(null),
    days: z
      .array(z.number().int().min(0).max(6))
      .min(1, 'Choose at least one day.')
      .max(7)
      .default([0, 1, 2, 3, 4, 5, 6]),
    datetime_from: LocalHour,
    datetime_to: LocalHour,
    interval_id: z.number().int().min(1).max(4).default(2),
  })
  .superRefine((payload, ctx) => {
    const from = LOCAL.exec(payload.datetime_from);
    const to = LOCAL.exec(payload.datetime_to);
    if (!from || !to) return;
    const [fromHour, toHour] = [Number(from[2]), Number(to[2])];
    if (fromHour > 23)
      ctx.addIssue({ code: 'custom', path: ['datetime_from'], message: 'The hour is not valid.' });
    if (toHour > 24)
      ctx.addIssue({ code: 'custom', path: ['datetime_to'], message: 'The hour is not valid.' });
    if (toHour <= fromHour)
      ctx.addIssue({ code: 'custom', path: ['datetime_to'], message: 'The end must come after the start.' });
    const days = (Date.parse(`${to[1]}T00:00:00Z`) - Date.parse(`${from[1]}T00:00:00Z`)) / 86_400_000 + 1;
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['datetime_to'], message: 'The end must come after the start.' });
    else if (days > MAX_REPORT_DAYS)
      ctx.addIssue({ code: 'custom', path: ['datetime_to'], message: 'A report covers a year at most.' });
    else if (payload.interval_id === 1 && days > MAX_HOURLY_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['interval_id'],
        message: 'Hours are shown for a month at most.',
      });
    if (payload.alarm && payload.alarm[0] > payload.alarm[1])
      ctx.addIssue({
        code: 'custom',
        path: ['alarm'],
        message: 'The lower bound must not exceed the upper.',
      });
  });
export type ReportPayload = z.infer<typeof ReportPayload>;
export type ReportPayloadInput = z.input<typeof ReportPayload>;

export const CalculateQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(REPORT_PAGE_SIZE).default(REPORT_PAGE_SIZE),
});

const Pct = z.number();
export const ReportSummary = z.object({
  resources: z.number().int(),
  capacity_hours: z.number(),
  booked_hours: z.number(),
  used_hours: z.number(),
  booked_pct: Pct,
  used_pct: Pct,
  bookings: z.number().int(),
  check_ins: z.number().int(),
  no_shows: z.number().int(),
});
export type ReportSummary = z.infer<typeof ReportSummary>;
export const SeriesPoint = z.object({ key: z.string(), booked_pct: Pct, used_pct: Pct });
export type SeriesPoint = z.infer<typeof SeriesPoint>;
export const BreakdownRow = z.object({
  id: Id,
  name: z.string(),
  booked_pct: Pct,
  used_pct: Pct,
  bookings: z.number().int(),
  no_shows: z.number().int(),
});
export type BreakdownRow = z.infer<typeof BreakdownRow>;
export const ResourceRow = BreakdownRow.extend({
  level_id: Id,
  level_name: z.string(),
  map_x: z.number().nullable(),
  map_y: z.number().nullable(),
  map_id: Id.nullable(),
});
export type ResourceRow = z.infer<typeof ResourceRow>;
export const MinAvgMaxRow = z.object({ key: z.string(), min: Pct, average: Pct, max: Pct });
export type MinAvgMaxRow = z.infer<typeof MinAvgMaxRow>;
export const PredictionRow = z.object({ key: z.string(), expected_pct: Pct });
export type PredictionRow = z.infer<typeof PredictionRow>;
export const TechnicalRow = z.object({
  id: Id,
  resource: z.string(),
  level: z.string(),
  type: z.string(),
  host: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.string(),
  approval_status: z.string(),
  checked_in_at: z.string().nullable(),
  checked_out_at: z.string().nullable(),
});
export type TechnicalRow = z.infer<typeof TechnicalRow>;

/** The answer of calculate: what the section shows, every part optional by section. */
export const ReportResult = z.object({
  section: ReportSection,
  interval_id: z.number().int(),
  calculated_at: z.string(),
  summary: ReportSummary.optional(),
  series: z.array(SeriesPoint).optional(),
  by_level: z.array(BreakdownRow).optional(),
  by_type: z.array(BreakdownRow).optional(),
  by_container: z.array(BreakdownRow).optional(),
  by_resource: z.array(ResourceRow).optional(),
  by_hour: z.array(MinAvgMaxRow).optional(),
  by_day: z.array(MinAvgMaxRow).optional(),
  prediction: z.array(PredictionRow).optional(),
  prediction_method: z.string().optional(),
  rows: z.array(TechnicalRow).optional(),
  meta: PageMeta.optional(),
});
export type ReportResult = z.infer<typeof ReportResult>;
export const TechnicalList = z.object({ data: z.array(TechnicalRow), meta: PageMeta });
export type TechnicalList = z.infer<typeof TechnicalList>;
export const ReportCount = z.object({ count: z.number().int() });

/** POST reports/export takes the report payload as its body; the file's name may be asked for. */
export const ExportQuery = z.object({
  filename: z
    .string()
    .max(120)
    .regex(
      /^[\w .-]+\.csv$/,
      'The file name must end in .csv and hold letters, digits, spaces, dots or dashes.',
    )
    .optional(),
});

/** GET reports/levels/finder and levels/{id}/finder: one level of the tree at a time. */
export const FinderLevel = z.object({
  id: Id,
  name: z.string(),
  path: z.string(),
  has_children: z.boolean(),
  resources_count: z.number().int(),
  map_id: Id.nullable(),
});
export const FinderList = z.object({ data: z.array(FinderLevel) });
export type FinderLevel = z.infer<typeof FinderLevel>;

/** spec §3 search preset and filter preset. */
export const ReportPreset = z.object({
  id: Id,
  name: z.string(),
  section: ReportSection,
  is_active: z.boolean(),
  order: z.number().int(),
  preset: z.object({ filters: z.array(ReportFilterSchema) }),
});
export type ReportPreset = z.infer<typeof ReportPreset>;
export const ReportPresetList = z.object({ data: z.array(ReportPreset) });
export type ReportPresetList = z.infer<typeof ReportPresetList>;
export const CreateReportPresetBody = z.object({
  name: requiredText(120),
  section: ReportSection,
  preset: z.object({ filters: z.array(ReportFilterSchema).max(60) }),
});
export const UpdateReportPresetBody = z.object({
  name: requiredText(120).optional(),
  preset: z.object({ filters: z.array(ReportFilterSchema).max(60) }).optional(),
});
/** spec §7 POST order: a list of id and ordering. */
export const ReportPresetOrderBody = z.object({
  section: ReportSection,
  order: z
    .array(z.object({ id: Id, ordering: z.number().int().min(0).max(10_000) }))
    .min(1, 'This field is required.')
    .max(200),
});

export const reportPresetPath = (id: number) => `${reportsPath}/presets/${id}`;
export const reportPresetsOfPath = (section: ReportSection) => `${reportsPath}/presets/${section}`;
export const reportPresetActivatePath = (id: number) => `${reportsPath}/presets/activate/${id}`;
export const reportFiltersPath = (section: ReportSection) => `${reportsPath}/filters?section=${section}`;
export const levelFinderPath = (id: number) => `${reportsPath}/levels/${id}/finder`;
export const calculatePath = (page = 1) =>
  `${reportsPath}/calculate?per_page=${REPORT_PAGE_SIZE}&page=${page}`;

/**
 * Weekly report mails (issue 44): one of the user's presets mailed on a weekday (0 = Monday) at an
 * hour of the user's own clock, with the figures and, if asked, the CSV. The mail covers the seven
 * days before the sending day (the predictions: the seven days from it).
 */
export const ReportSubscription = z.object({
  id: Id,
  preset_id: Id,
  preset_name: z.string(),
  section: ReportSection,
  weekday: z.number().int(),
  hour: z.number().int(),
  attach_csv: z.boolean(),
  /** the next sending, an instant */
  next_at: z.string(),
  last_sent_at: z.string().nullable(),
});
export type ReportSubscription = z.infer<typeof ReportSubscription>;
export const ReportSubscriptionList = z.object({ data: z.array(ReportSubscription) });
export type ReportSubscriptionList = z.infer<typeof ReportSubscriptionList>;
const Weekday = z
  .number({ message: 'Choose a day.' })
  .int('Choose a day.')
  .min(0, 'Choose a day.')
  .max(6, 'Choose a day.');
const Hour = z
  .number({ message: 'Choose an hour.' })
  .int('Choose an hour.')
  .min(0, 'Choose an hour.')
  .max(23, 'Choose an hour.');
export const CreateReportSubscriptionBody = z.object({
  preset_id: Id,
  weekday: Weekday,
  hour: Hour,
  attach_csv: z.boolean().default(true),
});
export type CreateReportSubscriptionInput = z.input<typeof CreateReportSubscriptionBody>;
export const UpdateReportSubscriptionBody = z.object({
  weekday: Weekday.optional(),
  hour: Hour.optional(),
  attach_csv: z.boolean().optional(),
});
export type UpdateReportSubscriptionInput = z.input<typeof UpdateReportSubscriptionBody>;
export const reportSubscriptionPath = (id: number) => `${reportsPath}/subscriptions/${id}`;
