import { z } from 'zod';
import { COMPANY_PREFIX } from './common';
import { PositiveId } from './ids';

/**
 * spec §2 /reports services (REPORTS_SERVICES): auto-release, search-filters. What the bookings'
 * auto-release (and the release of Outlook meetings never sent) did to the services ordered with
 * them: orders cancelled in time with the released booking (saved), and orders already delivered
 * or under way for nobody (wasted). Days are the resource's level's dates of the delivery.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** a report over at most a year and a day */
export const AUTO_RELEASE_MAX_DAYS = 366;

export const AutoReleaseFilters = z
  .strictObject({
    date_from: z.string().regex(ISO_DATE, 'The date is not valid.'),
    date_to: z.string().regex(ISO_DATE, 'The date is not valid.'),
    location_ids: z.array(PositiveId).max(500).default([]),
    service_type_ids: z.array(PositiveId).max(100).default([]),
  })
  .superRefine((value, ctx) => {
    if (!ISO_DATE.test(value.date_from) || !ISO_DATE.test(value.date_to)) return;
    const days = (Date.parse(value.date_to) - Date.parse(value.date_from)) / 86_400_000;
    if (Number.isNaN(days)) return;
    if (days < 0)
      ctx.addIssue({
        code: 'custom',
        path: ['date_to'],
        message: 'The end date must not be before the start date.',
      });
    else if (days >= AUTO_RELEASE_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['date_to'],
        message: `The period must be at most ${AUTO_RELEASE_MAX_DAYS} days.`,
      });
  });
export type AutoReleaseFilters = z.input<typeof AutoReleaseFilters>;
export type AutoReleaseFiltersParsed = z.infer<typeof AutoReleaseFilters>;

const Figures = z.object({
  /** orders placed with a booking, delivered (or due) in the period */
  orders: z.number().int(),
  ordered_cents: z.number().int(),
  /** of those, orders whose booking was released */
  released: z.number().int(),
  /** cancelled with the release: what the release saved */
  saved: z.number().int(),
  saved_cents: z.number().int(),
  /** delivered (or confirmed, in preparation) for a booking nobody came to: what was wasted */
  wasted: z.number().int(),
  wasted_cents: z.number().int(),
});
export type AutoReleaseFigures = z.infer<typeof Figures>;

export const AutoReleaseReport = z.object({
  currency: z.string(),
  summary: Figures,
  by_resource: z.array(
    Figures.extend({ resource_id: z.number().int(), resource: z.string(), path: z.string() }),
  ),
  by_type: z.array(Figures.extend({ service_type_id: z.number().int(), name: z.string() })),
  by_day: z.array(Figures.extend({ date: z.string() })),
});
export type AutoReleaseReport = z.infer<typeof AutoReleaseReport>;

export const servicesReportPaths = {
  autoRelease: `${COMPANY_PREFIX}/reports/services/auto-release`,
};
