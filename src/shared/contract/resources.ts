import { z } from 'zod';
import { Instant as InstantOf } from './calendar-date';
import { COMPANY_PREFIX, MAX_ID, paginated } from './common';
import { Id, IdText, PositiveId } from './ids';
import { text } from '../validation/schemas';
import { TimeOfDay } from './levels';
import { NameTranslation, NameTranslationsBody } from './resource-types';

/**
 * spec §2 /resources (RESOURCES), §3 Resource, §7 Resources: desks, rooms, parking spaces, lockers
 * and equipment, each on a level, of a resource type, with names in every company language.
 */

/** exclusive: one booking at a time (capacity = seats); shared: up to `capacity` bookings at once. */
export const RESOURCE_CAPACITY_TYPES = ['exclusive', 'shared'] as const;
export const ResourceCapacityType = z.enum(RESOURCE_CAPACITY_TYPES);
export type ResourceCapacityType = z.infer<typeof ResourceCapacityType>;

/**
 * spec §3 resource_model (values not given by the spec; ours): bookable by anyone allowed, on request
 * (bookings wait for approval), assigned (kept for its assigned users), not bookable (on the map only).
 */
export const RESOURCE_MODELS = ['bookable', 'on_request', 'assigned', 'not_bookable'] as const;
export const ResourceModel = z.enum(RESOURCE_MODELS);
export type ResourceModel = z.infer<typeof ResourceModel>;

/** spec §2 functions/:function. */
export const RESOURCE_FUNCTIONS = [
  'linked-resources',
  'distance-resources',
  'language',
  'device-template',
  'currency',
] as const;
export const ResourceFunctionKey = z.enum(RESOURCE_FUNCTIONS);
export type ResourceFunctionKey = z.infer<typeof ResourceFunctionKey>;
/** spec §3 resource_function_type_id: the position in RESOURCE_FUNCTIONS, from 1. */
export const resourceFunctionTypeId = (key: ResourceFunctionKey) => RESOURCE_FUNCTIONS.indexOf(key) + 1;

export const CAPACITY_MAX = 10_000;
const RESOURCE_NAME_MAX = 120;
export const DESCRIPTION_MAX = 2_000;
/** A resource picture: the floor-plan rules (type read from the content, SVG sanitised), 2 MB. */
export const RESOURCE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

const Ref = z.object({ id: Id, name: z.string() });

/** Where a resource is drawn: fractions (0 to 1) of the floor plan's width and height. */
export const MapPosition = z.object({ map_x: z.number().min(0).max(1), map_y: z.number().min(0).max(1) });
export type MapPosition = z.infer<typeof MapPosition>;

/** spec §3 Resource, as every list and GET answer it. `name` is in the user's language. */
export const Resource = z.object({
  id: Id,
  name: z.string(),
  translations: z.array(NameTranslation),
  level_id: Id,
  /** the level with its path: 'Acme HQ / Building A / Floor 2' */
  level: z.object({ id: Id, name: z.string(), path: z.string() }),
  resource_type_id: Id,
  resource_type: z.object({ id: Id, key: z.string(), name: z.string(), icon: z.string().nullable() }),
  resource_capacity_type: ResourceCapacityType,
  resource_model: ResourceModel,
  capacity: Id,
  max_capacity: Id,
  /** today's capacity: a date capacity covering today, else `capacity` */
  current_capacity: Id,
  propagate_capacity: z.boolean(),
  description: z.string(),
  /** the room's mailbox (Outlook add-in, calendar connectors) */
  email: z.string().nullable(),
  resource_attributes: z.array(Ref),
  resource_services: z.array(Ref),
  /** the level whose floor plan the position refers to: its own, else the nearest ancestor's */
  map_level_id: Id.nullable(),
  map_id: Id.nullable(),
  map_x: z.number().nullable(),
  map_y: z.number().nullable(),
  is_favorite: z.boolean(),
  has_image: z.boolean(),
  image_url: z.string().nullable(),
});
export type Resource = z.infer<typeof Resource>;

export const ResourcePage = paginated(Resource);
export type ResourcePage = z.infer<typeof ResourcePage>;
export const ResourceList = z.object({ data: z.array(Resource) });
export type ResourceList = z.infer<typeof ResourceList>;

const flag = z.enum(['0', '1']).optional();
/** one id or a comma-separated list: '3' or '3,7' */
const IdList = z
  .string()
  .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, 'The selected value is not valid.')
  .transform((value) => value.split(',').map(Number))
  .refine((ids) => ids.every((id) => id <= MAX_ID), 'The selected value is not valid.')
  .optional();

/**
 * spec §7 GET levels/{id}/resources/all: the resources on the level and every level below it.
 * Filters combine (AND); a list filter matches any of its values, except resource_attribute, where
 * a resource must have every attribute listed. capacity is the least capacity wanted.
 */
export const LevelResourcesQuery = z.object({
  resource_type: IdList,
  resource_model: z
    .string()
    .regex(/^[a-z_]+(,[a-z_]+)*$/, 'The selected value is not valid.')
    .transform((value) => value.split(','))
    .pipe(z.array(ResourceModel))
    .optional(),
  resource_attribute: IdList,
  capacity: z.coerce.number().int().min(1).max(CAPACITY_MAX).optional(),
  query: z.string().max(120).optional(),
  lang: z.string().max(16).optional(),
});
export type LevelResourcesQuery = z.input<typeof LevelResourcesQuery>;

/** GET resources: the same filters as the level list, plus the level (with its sublevels) and paging. */
export const ResourceListQuery = LevelResourcesQuery.extend({
  level_id: IdText.optional(),
  favorites: flag,
  placed: flag,
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});
export type ResourceListQuery = z.input<typeof ResourceListQuery>;

const resourceFields = {
  level_id: PositiveId,
  resource_type_id: PositiveId,
  resource_capacity_type: ResourceCapacityType,
  resource_model: ResourceModel,
  capacity: z.number().int().min(1).max(CAPACITY_MAX),
  max_capacity: z.number().int().min(1).max(CAPACITY_MAX),
  propagate_capacity: z.boolean(),
  description: z
    .string()
    .max(DESCRIPTION_MAX, `The field must contain ${DESCRIPTION_MAX} or fewer characters.`),
  /** spec §5 email rule; '' (or null) clears it */
  email: text('email', 254).nullable(),
  resource_attribute_ids: z.array(PositiveId).max(100),
  translations: NameTranslationsBody,
};

/**
 * POST resources (spec §2 add steps: level, type, capacity, description, model, select-function,
 * name-translations). level, type and names are required; max_capacity defaults to capacity.
 * `functions` turns the chosen functions on (their settings are made on the edit screens).
 */
export const CreateResourceBody = z
  .strictObject({ ...resourceFields, functions: z.array(ResourceFunctionKey).max(5) })
  .partial()
  .required({ level_id: true, resource_type_id: true, translations: true });
export type CreateResourceBody = z.infer<typeof CreateResourceBody>;

/** PUT resources/{id}: what is sent changes; translations and attribute ids replace the old ones. */
export const UpdateResourceBody = z.strictObject(resourceFields).partial();
export type UpdateResourceBody = z.infer<typeof UpdateResourceBody>;

/** PUT resources/{id}/position: where it was dropped; null takes it off the plan. */
export const PositionBody = z.strictObject({
  map_x: z.number().min(0).max(1).nullable(),
  map_y: z.number().min(0).max(1).nullable(),
});
export type PositionBody = z.infer<typeof PositionBody>;

/** PUT resources/{id}/attributes. */
export const ResourceAttributesBody = z.strictObject({
  resource_attribute_ids: z.array(PositiveId).max(100),
});

/** POST resources/{id}/duplicate: a copy under a new name (in every language it has names in). */
export const DuplicateResourceBody = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(RESOURCE_NAME_MAX, `The field must contain ${RESOURCE_NAME_MAX} or fewer characters.`),
});
export type DuplicateResourceBody = z.infer<typeof DuplicateResourceBody>;

/** GET resources/{id}/checkdelete: may it go, and why not. */
export const CheckDeleteAnswer = z.object({
  can_delete: z.boolean(),
  message: z.string().nullable(),
  future_bookings: z.number().int(),
});
export type CheckDeleteAnswer = z.infer<typeof CheckDeleteAnswer>;

/** GET resources/{id}/info: the card an employee sees (plan, Outlook, bookings). */
export const ResourceInfo = z.object({
  id: Id,
  name: z.string(),
  path: z.string(),
  resource_type: z.string(),
  resource_model: ResourceModel,
  capacity: Id,
  current_capacity: Id,
  description: z.string(),
  resource_attributes: z.array(Ref),
  resource_services: z.array(Ref),
  timezone: z.string(),
  working_hours_from: z.string(),
  working_hours_to: z.string(),
  is_favorite: z.boolean(),
  image_url: z.string().nullable(),
});
export type ResourceInfo = z.infer<typeof ResourceInfo>;

// Availability, unavailability and date capacities (spec §2 availability, capacity "time").

/** ISO weekdays: 1 Monday … 7 Sunday. */
const Weekday = z.number().int().min(1).max(7);
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The date is not valid.');

export const Availability = z.object({
  id: Id,
  resource_id: Id,
  weekdays: z.array(Weekday),
  time_from: z.string(),
  time_to: z.string(),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
});
export type Availability = z.infer<typeof Availability>;
export const AvailabilityList = z.object({ data: z.array(Availability) });
export type AvailabilityList = z.infer<typeof AvailabilityList>;
export const AvailabilityBody = z.strictObject({
  weekdays: z.array(Weekday).min(1, 'This field is required.').max(7),
  time_from: TimeOfDay,
  time_to: TimeOfDay,
  date_from: IsoDate.nullable().optional(),
  date_to: IsoDate.nullable().optional(),
});
export type AvailabilityBody = z.infer<typeof AvailabilityBody>;

export const Unavailability = z.object({
  id: Id,
  resource_id: Id,
  /** ISO 8601 instants (UTC) */
  starts_at: z.string(),
  ends_at: z.string(),
  reason: z.string(),
});
export type Unavailability = z.infer<typeof Unavailability>;
export const UnavailabilityList = z.object({ data: z.array(Unavailability) });
export type UnavailabilityList = z.infer<typeof UnavailabilityList>;
/** GET unavailabilities: those overlapping from–to; without either, those not ended yet. */
export const UnavailabilityQuery = z.object({
  from: InstantOf().optional(),
  to: InstantOf().optional(),
});
export type UnavailabilityQuery = z.infer<typeof UnavailabilityQuery>;
export const UnavailabilityBody = z.strictObject({
  starts_at: InstantOf(),
  ends_at: InstantOf(),
  reason: z.string().max(500).optional(),
});
export type UnavailabilityBody = z.infer<typeof UnavailabilityBody>;

export const DateCapacity = z.object({
  id: Id,
  resource_id: Id,
  date_from: z.string(),
  date_to: z.string(),
  capacity: Id,
});
export type DateCapacity = z.infer<typeof DateCapacity>;
export const DateCapacityList = z.object({ data: z.array(DateCapacity) });
export type DateCapacityList = z.infer<typeof DateCapacityList>;
export const DateCapacityBody = z.strictObject({
  date_from: IsoDate,
  date_to: IsoDate,
  capacity: z.number().int().min(0).max(CAPACITY_MAX),
});
export type DateCapacityBody = z.infer<typeof DateCapacityBody>;

// Functions (spec §3 "Function type: active, resource_function_type_id").

export const ResourceFunction = z.object({
  function: ResourceFunctionKey,
  resource_function_type_id: Id,
  active: z.boolean(),
  /** linked-resources, distance-resources */
  resources: z.array(Ref),
  /** language */
  language_id: Id.nullable(),
  /** device-template */
  device_template_id: Id.nullable(),
  /** currency: the price of one booking hour */
  currency_id: Id.nullable(),
  price: z.number().nullable(),
});
export type ResourceFunction = z.infer<typeof ResourceFunction>;
export const ResourceFunctionList = z.object({ data: z.array(ResourceFunction) });

/** PUT resources/{id}/functions/{function}: the fields of that function; others are refused. */
export const ResourceFunctionBody = z.strictObject({
  active: z.boolean(),
  resource_ids: z.array(PositiveId).max(200).optional(),
  language_id: PositiveId.nullable().optional(),
  device_template_id: PositiveId.nullable().optional(),
  currency_id: PositiveId.nullable().optional(),
  price: z.number().min(0).max(1_000_000).nullable().optional(),
});
export type ResourceFunctionBody = z.infer<typeof ResourceFunctionBody>;
export const FunctionParam = z.object({
  id: IdText,
  function: ResourceFunctionKey,
});

// Permissions (who may book) and services (what can be ordered there).

/** role_ids: who may book (none: everyone who may use the plan); available_roles: the company's roles. */
export const ResourcePermissions = z.object({
  role_ids: z.array(Id),
  roles: z.array(Ref),
  available_roles: z.array(Ref),
});
export type ResourcePermissions = z.infer<typeof ResourcePermissions>;
export const ResourcePermissionsBody = z.strictObject({
  role_ids: z.array(PositiveId).max(200),
});
export const ResourceServicesBody = z.strictObject({
  service_type_ids: z.array(PositiveId).max(100),
});
export const ServiceType = z.object({ id: Id, key: z.string(), name: z.string() });
export const ServiceTypeList = z.object({ data: z.array(ServiceType) });
export type ServiceTypeList = z.infer<typeof ServiceTypeList>;
export type ServiceType = z.infer<typeof ServiceType>;

/** PUT resources/{id}/image: JSON like the floor plans, the file as base64. */
export const ResourceImageBody = z.strictObject({
  content_base64: z
    .string()
    .min(1, 'This field is required.')
    .max(Math.ceil(RESOURCE_IMAGE_MAX_BYTES / 3) * 4 + 4, 'The file must be 2 MB or smaller.'),
});

/** PUT resources/{id}/image answers what was stored (an SVG as sanitised). */
export const ResourceImage = z.object({
  resource_id: Id,
  mime: z.enum(['image/png', 'image/jpeg', 'image/svg+xml']),
  width: Id,
  height: Id,
  sha256: z.string(),
  image_url: z.string(),
});
export type ResourceImage = z.infer<typeof ResourceImage>;

/** GET resources/codes: the QR codes of many resources at once (printing). */
const ResourceCode = z.object({
  resource_id: Id,
  name: z.string(),
  path: z.string(),
  code: z.string(),
  image_url: z.string(),
  read_url: z.string(),
});
export const ResourceCodeList = z.object({ data: z.array(ResourceCode) });
export const ResourceCodesQuery = z.object({
  level_id: IdText.optional(),
  resource_type: IdList,
});

export const resourcesPath = `${COMPANY_PREFIX}/resources`;
export const resourcePaths = {
  list: resourcesPath,
  one: `${resourcesPath}/:id`,
  levelAll: `${COMPANY_PREFIX}/levels/:id/resources/all`,
  position: `${resourcesPath}/:id/position`,
  attributes: `${resourcesPath}/:id/attributes`,
  favor: `${resourcesPath}/:id/favor`,
  disfavor: `${resourcesPath}/:id/disfavor`,
  duplicate: `${resourcesPath}/:id/duplicate`,
  checkDelete: `${resourcesPath}/:id/checkdelete`,
  info: `${resourcesPath}/:id/info`,
  image: `${resourcesPath}/:id/image`,
  qrCode: `${resourcesPath}/:id/qr-code`,
  codes: `${resourcesPath}/codes`,
  availabilities: `${resourcesPath}/:id/availabilities`,
  availability: `${resourcesPath}/:id/availabilities/:item_id`,
  unavailabilities: `${resourcesPath}/:id/unavailabilities`,
  unavailability: `${resourcesPath}/:id/unavailabilities/:item_id`,
  dateCapacities: `${resourcesPath}/:id/date-capacities`,
  dateCapacity: `${resourcesPath}/:id/date-capacities/:item_id`,
  functions: `${resourcesPath}/:id/functions`,
  function: `${resourcesPath}/:id/functions/:function`,
  permissions: `${resourcesPath}/:id/permissions`,
  services: `${resourcesPath}/:id/services`,
  serviceTypes: `${COMPANY_PREFIX}/services/types`,
} as const;
export const ItemParam = z.object({
  id: IdText,
  item_id: IdText,
});

export const resourcePath = (id: number) => `${resourcesPath}/${id}`;
export const levelResourcesPath = (levelId: number) => `${COMPANY_PREFIX}/levels/${levelId}/resources/all`;
export const resourceImagePath = (id: number) => `${resourcesPath}/${id}/image`;
