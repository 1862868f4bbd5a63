import { z } from 'zod';
import { text } from '../validation/schemas';
import { COMPANY_PREFIX, IdText, paginated } from './common';
import { PositiveId } from './ids';
import { NAME_MAX } from './resource-types';

/**
 * spec §2 /services, /service-items, /service-types; §3 "Service order: order_id, resource,
 * resource_id, path, address, request_by, created_at. Service statuses, items, types, images";
 * §7 Services: items, orders GET (start, end, sortBy, sortOrder, groupBy, page, per_page=200),
 * order GET {id}, PUT orders/{order}/serviceitems/{item}/status/{status}, statuses, types,
 * resources, history (service_order_id).
 */

/** spec §4 "Service item status changes via status id": the ids are fixed, the names translated. */
export const SERVICE_STATUSES = [
  { id: 1, key: 'requested', name: 'Requested' },
  { id: 2, key: 'confirmed', name: 'Confirmed' },
  { id: 3, key: 'in_preparation', name: 'In preparation' },
  { id: 4, key: 'delivered', name: 'Delivered' },
  { id: 5, key: 'cancelled', name: 'Cancelled' },
] as const;
export type ServiceStatusKey = (typeof SERVICE_STATUSES)[number]['key'];
export const ServiceStatusKey = z.enum([
  'requested',
  'confirmed',
  'in_preparation',
  'delivered',
  'cancelled',
]);

export const ServiceStatus = z.object({ id: z.number().int(), key: ServiceStatusKey, name: z.string() });
export const ServiceStatusList = z.object({ data: z.array(ServiceStatus) });

// ---- service types (the table of 0006; each company renames or adds its own)

export const ServiceType = z.object({ id: z.number().int(), key: z.string(), name: z.string() });
export type ServiceType = z.infer<typeof ServiceType>;
export const ServiceTypeBody = z.strictObject({ name: text('required', NAME_MAX) });
export type ServiceTypeBody = z.infer<typeof ServiceTypeBody>;

// ---- service items (the catalogue)

export const DESCRIPTION_MAX = 2000;

export const ServiceItemTranslation = z.object({
  language_id: z.number().int(),
  locale: z.string(),
  name: z.string(),
  description: z.string(),
});

export const ServiceItem = z.object({
  id: z.number().int(),
  /** in the user's language, else English, else the company's */
  name: z.string(),
  description: z.string(),
  translations: z.array(ServiceItemTranslation),
  service_type: ServiceType,
  price_cents: z.number().int(),
  /** the company's currency (ISO code) */
  currency: z.string(),
  lead_time_minutes: z.number().int(),
  is_active: z.boolean(),
  resource_ids: z.array(z.number().int()),
  level_ids: z.array(z.number().int()),
  image_url: z.string().nullable(),
});
export type ServiceItem = z.infer<typeof ServiceItem>;
export const ServiceItemPage = paginated(ServiceItem);

export const ServiceItemBody = z.strictObject({
  service_type_id: PositiveId,
  translations: z
    .array(
      z.strictObject({
        language_id: PositiveId,
        name: z.string().max(NAME_MAX, `The field must contain ${NAME_MAX} or fewer characters.`),
        description: z
          .string()
          .max(DESCRIPTION_MAX, `The field must contain ${DESCRIPTION_MAX} or fewer characters.`)
          .default(''),
      }),
    )
    .max(50),
  price_cents: z.number().int('Only numbers allowed.').min(0).max(100_000_000),
  lead_time_minutes: z.number().int('Only numbers allowed.').min(0).max(43_200).default(0),
  is_active: z.boolean().default(true),
  resource_ids: z.array(PositiveId).max(1000).default([]),
  level_ids: z.array(PositiveId).max(1000).default([]),
});
export type ServiceItemBody = z.infer<typeof ServiceItemBody>;
export type ServiceItemBodyInput = z.input<typeof ServiceItemBody>;

export const ServiceItemsQuery = z.object({
  query: z.string().max(120).optional(),
  /** only the items offered at this resource (active ones) */
  resource_id: IdText.optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(200),
  lang: z.string().max(16).optional(),
});

// ---- orders

export const ORDER_NOTES_MAX = 1000;

export const OrderLineBody = z.strictObject({
  service_item_id: PositiveId,
  quantity: z
    .number({ message: 'The quantity must be a whole number of 1 or more.' })
    .int('The quantity must be a whole number of 1 or more.')
    .min(1, 'The quantity must be a whole number of 1 or more.')
    .max(10_000, 'The quantity must be 10000 or less.'),
  notes: z.string().max(ORDER_NOTES_MAX).default(''),
});
export type OrderLineBody = z.infer<typeof OrderLineBody>;

export const CreateOrderBody = z.strictObject({
  resource_id: PositiveId,
  /** the booking it is for; without one (a provider's order for a resource) only the lead time applies */
  declaration_id: PositiveId.nullable().default(null),
  /** ISO instant; default: the booking's start */
  delivery_at: z.iso.datetime({ offset: true }).nullable().default(null),
  notes: z.string().max(ORDER_NOTES_MAX).default(''),
  items: z.array(OrderLineBody).min(1, 'This field is required.').max(100),
});
export type CreateOrderBody = z.input<typeof CreateOrderBody>;
export type CreateOrderParsed = z.infer<typeof CreateOrderBody>;

export const OrderItem = z.object({
  id: z.number().int(),
  service_item_id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  unit_price_cents: z.number().int(),
  total_cents: z.number().int(),
  notes: z.string(),
  status: ServiceStatusKey,
});
export type OrderItem = z.infer<typeof OrderItem>;

export const ServiceOrder = z.object({
  order_id: z.number().int(),
  resource: z.string(),
  resource_id: z.number().int(),
  /** the resource's level path, top first: "HQ / Floor 2" */
  path: z.string(),
  address: z.string(),
  request_by: z.object({ id: z.number().int().nullable(), name: z.string() }),
  created_at: z.string(),
  declaration_id: z.number().int().nullable(),
  booking: z.object({ starts_at: z.string(), ends_at: z.string(), subject: z.string() }).nullable(),
  delivery_at: z.string(),
  timezone: z.string(),
  notes: z.string(),
  status: ServiceStatusKey,
  total_cents: z.number().int(),
  currency: z.string(),
  items: z.array(OrderItem),
  /** the row's group when the list is grouped (groupBy), else null */
  group: z.string().nullable(),
});
export type ServiceOrder = z.infer<typeof ServiceOrder>;
export const ServiceOrderPage = paginated(ServiceOrder);
export const ServiceOrderList = z.object({ data: z.array(ServiceOrder) });

export const ORDER_SORT_FIELDS = ['order_id', 'delivery_at', 'created_at', 'resource', 'status'] as const;
export const ORDER_GROUPS = ['none', 'resource', 'status', 'date'] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** spec §9: pages of 200, default range 7 days before to 7 after today, order_id descending, no group. */
export const OrdersQuery = z.object({
  start: z.string().regex(ISO_DATE, 'Start is not valid.').optional(),
  end: z.string().regex(ISO_DATE, 'End is not valid.').optional(),
  sortBy: z.enum(ORDER_SORT_FIELDS).default('order_id'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  groupBy: z.enum(ORDER_GROUPS).default('none'),
  status: ServiceStatusKey.optional(),
  resource_id: IdText.optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(200),
  lang: z.string().max(16).optional(),
});
export type OrdersQuery = z.input<typeof OrdersQuery>;
export type OrdersQueryParsed = z.infer<typeof OrdersQuery>;

export const MyOrdersQuery = z.object({
  declaration_id: IdText.optional(),
  lang: z.string().max(16).optional(),
});

export const OrderStatusParams = z.object({ order: IdText, status: IdText });
export const ItemStatusParams = z.object({ order: IdText, item: IdText, status: IdText });

export const HistoryEntry = z.object({
  id: z.string(),
  action: z.enum(['created', 'status', 'moved', 'cancelled_with_booking']),
  status: ServiceStatusKey.nullable(),
  item: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  delivery_at: z.string().nullable(),
  changed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  changed_at: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;
export const HistoryList = z.object({ data: z.array(HistoryEntry) });
export const HistoryQuery = z.object({ service_order_id: IdText, lang: z.string().max(16).optional() });

/** GET services/resources: resources that offer services (service-resources, its search filters). */
export const ServiceResource = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  level_id: z.number().int(),
  service_types: z.array(ServiceType),
  items: z.number().int(),
});
export type ServiceResource = z.infer<typeof ServiceResource>;
export const ServiceResourcePage = paginated(ServiceResource);
export const ServiceResourcesQuery = z.object({
  query: z.string().max(120).optional(),
  level_id: IdText.optional(),
  service_type_id: IdText.optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(200),
  lang: z.string().max(16).optional(),
});

export const ServiceItemImageBody = z.strictObject({
  content_base64: z
    .string()
    .min(1, 'This field is required.')
    .max(Math.ceil((2 * 1024 * 1024) / 3) * 4 + 4, 'The file must be 2 MB or smaller.'),
});

const S = `${COMPANY_PREFIX}/services`;
export const servicePaths = {
  statuses: `${S}/statuses`,
  types: `${S}/types`,
  type: `${S}/types/:id`,
  typeOf: (id: number) => `${S}/types/${id}`,
  items: `${S}/items`,
  item: `${S}/items/:id`,
  itemOf: (id: number) => `${S}/items/${id}`,
  itemImage: `${S}/items/:id/image`,
  itemImageOf: (id: number) => `${S}/items/${id}/image`,
  orders: `${S}/orders`,
  myOrders: `${S}/my-orders`,
  order: `${S}/orders/:id`,
  orderOf: (id: number) => `${S}/orders/${id}`,
  orderStatus: `${S}/orders/:order/status/:status`,
  orderStatusOf: (order: number, status: number) => `${S}/orders/${order}/status/${status}`,
  itemStatus: `${S}/orders/:order/serviceitems/:item/status/:status`,
  itemStatusOf: (order: number, item: number, status: number) =>
    `${S}/orders/${order}/serviceitems/${item}/status/${status}`,
  history: `${S}/history`,
  resources: `${S}/resources`,
};
