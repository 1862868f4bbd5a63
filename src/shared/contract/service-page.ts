import { z } from 'zod';
import { text } from '../validation/schemas';
import { COMPANY_PREFIX, IdText, paginated } from './common';
import { PositiveId } from './ids';
import { CreateOrderBody, ServiceItem, ServiceOrder, ServiceType } from './services';

/**
 * spec §2 public /service/{code} (feature key r_service): the page a resource's QR code leads to,
 * where anyone signed in orders the resource's services or reports a problem with it. The code is
 * the resource's QR code (128 random bits, qr_codes); another company's code is unknown (404).
 */

export const ServicePageParams = z.object({ code: z.string().min(1).max(64) });

/** One of the caller's bookings of the resource an order can go with (under way or starting in the next 48 hours). */
export const ServicePageBooking = z.object({
  id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  subject: z.string(),
});
export type ServicePageBooking = z.infer<typeof ServicePageBooking>;

export const ServicePage = z.object({
  resource: z.object({ id: z.number().int(), name: z.string(), path: z.string() }),
  /** the resource's clock (its level's zone) */
  timezone: z.string(),
  /** what can be ordered here (active items offered at the resource) */
  items: z.array(ServiceItem),
  /** the types the resource offers: what a problem report may ask for */
  service_types: z.array(ServiceType),
  bookings: z.array(ServicePageBooking),
  /** the caller's orders for this resource that are not delivered nor cancelled */
  orders: z.array(ServiceOrder),
  /** a provider (SERVICES create) may order without a booking, for a delivery time of their choosing */
  may_order_without_booking: z.boolean(),
});
export type ServicePage = z.infer<typeof ServicePage>;

/** POST service/{code}/orders: an order for the code's resource (its id comes from the code). */
export const ServicePageOrderBody = CreateOrderBody.omit({ resource_id: true });
export type ServicePageOrderBody = z.input<typeof ServicePageOrderBody>;
export type ServicePageOrderParsed = z.infer<typeof ServicePageOrderBody>;

export const PROBLEM_MAX = 2000;

/** POST service/{code}/problems */
export const ProblemBody = z.strictObject({
  service_type_id: PositiveId.nullable().default(null),
  description: text('required', PROBLEM_MAX),
});
export type ProblemBody = z.input<typeof ProblemBody>;
export type ProblemParsed = z.infer<typeof ProblemBody>;

export const ServiceProblem = z.object({
  id: z.number().int(),
  resource_id: z.number().int(),
  resource: z.string(),
  path: z.string(),
  service_type: ServiceType.nullable(),
  description: z.string(),
  reported_by: z.object({ id: z.number().int().nullable(), name: z.string() }),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type ServiceProblem = z.infer<typeof ServiceProblem>;
export const ServiceProblemPage = paginated(ServiceProblem);

/** GET services/problems: the providers' list, open ones unless asked for all. */
export const ProblemsQuery = z.object({
  resolved: z.enum(['0', '1', 'all']).default('0'),
  resource_id: IdText.optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(200),
  lang: z.string().max(16).optional(),
});
export type ProblemsQuery = z.input<typeof ProblemsQuery>;
export type ProblemsQueryParsed = z.infer<typeof ProblemsQuery>;

export const servicePagePaths = {
  page: `${COMPANY_PREFIX}/service/:code`,
  pageOf: (code: string) => `${COMPANY_PREFIX}/service/${encodeURIComponent(code)}`,
  orders: `${COMPANY_PREFIX}/service/:code/orders`,
  ordersOf: (code: string) => `${COMPANY_PREFIX}/service/${encodeURIComponent(code)}/orders`,
  problems: `${COMPANY_PREFIX}/service/:code/problems`,
  problemsOf: (code: string) => `${COMPANY_PREFIX}/service/${encodeURIComponent(code)}/problems`,
  providerProblems: `${COMPANY_PREFIX}/services/problems`,
  resolve: `${COMPANY_PREFIX}/services/problems/:id/resolve`,
  resolveOf: (id: number) => `${COMPANY_PREFIX}/services/problems/${id}/resolve`,
};

/** The client screen a resource's QR code offers for ordering (spec §3 feature key r_service). */
export const serviceScreen = (code: string) => `/service/${encodeURIComponent(code)}`;
