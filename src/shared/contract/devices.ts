import { z } from 'zod';
import { ACCENTS, BOOK_NOW_MINUTES, TEMPLATE_TYPES } from '../devices/devices';
import { requiredText } from '../validation/schemas';
import { COMPANY_PREFIX } from './common';
import { IdText, PositiveId } from './ids';

/** spec §2 /devices (DEVICES) with users, and §7 "Devices: templates (device_type), devices, device users (model_id)". */
const devices = `${COMPANY_PREFIX}/devices`;
export const devicePaths = {
  templates: `${devices}/templates`,
  template: `${devices}/templates/:id`,
  devices,
  device: `${devices}/:id`,
  code: `${devices}/:id/code`,
  users: `${devices}/users`,
} as const;

/** spec §2 public /display/{code}: the room display's calls, by the device's code. */
const display = `${COMPANY_PREFIX}/display`;
export const displayPaths = {
  page: `${display}/:code`,
  heartbeat: `${display}/:code/heartbeat`,
  book: `${display}/:code/book`,
  checkIn: `${display}/:code/check-in`,
  checkOut: `${display}/:code/check-out`,
} as const;

export const TemplateType = z.enum(TEMPLATE_TYPES);
export const Accent = z.enum(ACCENTS);

export const DeviceTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  device_type: TemplateType,
  /** the page's language; null: the company's */
  language_id: z.number().int().nullable(),
  accent: Accent,
  actions: z.array(z.string()),
  durations: z.array(z.number().int()),
  is_default: z.boolean(),
});
export type DeviceTemplate = z.infer<typeof DeviceTemplate>;
export const DeviceTemplateList = z.object({ data: z.array(DeviceTemplate) });
export type DeviceTemplateList = z.infer<typeof DeviceTemplateList>;

export const TemplateListQuery = z.object({ device_type: TemplateType.optional() });

/** POST and PUT devices/templates: which actions and lengths fit the type is checked by the service (422). */
export const TemplateBody = z.strictObject({
  name: requiredText(120),
  device_type: TemplateType,
  language_id: PositiveId.nullable(),
  accent: Accent,
  actions: z.array(z.string().max(40)).max(10),
  durations: z.array(z.literal([...BOOK_NOW_MINUTES])).max(3),
  is_default: z.boolean(),
});
export type TemplateBody = z.infer<typeof TemplateBody>;

const Named = z.object({ id: z.number().int(), name: z.string() });

export const Device = z.object({
  id: z.number().int(),
  name: z.string(),
  device_type: z.literal('DISPLAY'),
  resource: Named,
  template: Named,
  /** the account the display's bookings are made for */
  booker: Named.nullable(),
  contacts: z.array(Named),
  code_issued_at: z.string(),
  last_heartbeat_at: z.string().nullable(),
  /** offline: no heartbeat for OFFLINE_AFTER_MINUTES; never: no heartbeat yet */
  state: z.enum(['online', 'offline', 'never']),
});
export type Device = z.infer<typeof Device>;
export const DeviceList = z.object({ data: z.array(Device) });
export type DeviceList = z.infer<typeof DeviceList>;

/** A new code, answered once (registration, regeneration): the address the tablet opens. */
export const DeviceWithCode = Device.extend({ code: z.string(), url: z.string() });
export type DeviceWithCode = z.infer<typeof DeviceWithCode>;

export const DeviceBody = z.strictObject({
  name: requiredText(120),
  resource_id: PositiveId,
  /** null: the company's default display template */
  template_id: PositiveId.nullable(),
});
export type DeviceBody = z.infer<typeof DeviceBody>;

export const DEVICE_USER_TYPES = ['booker', 'contact'] as const;
export const DeviceUser = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  type: z.enum(DEVICE_USER_TYPES),
});
export type DeviceUser = z.infer<typeof DeviceUser>;
export const DeviceUserList = z.object({ data: z.array(DeviceUser) });
export type DeviceUserList = z.infer<typeof DeviceUserList>;

export const DeviceUsersQuery = z.object({ model_id: IdText });
/** POST devices/users: the device's users of one type become these (a booker: at most one). */
export const DeviceUsersBody = z.strictObject({
  model_id: PositiveId,
  type: z.enum(DEVICE_USER_TYPES),
  user_ids: z.array(PositiveId).max(50),
});
export type DeviceUsersBody = z.infer<typeof DeviceUsersBody>;

export const DisplayParams = z.object({ code: z.string().min(1).max(64) });

export const DisplayBooking = z.object({
  id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** the subject, or null for a private booking */
  subject: z.string().nullable(),
  /** the host's name, or null for a private booking */
  host_name: z.string().nullable(),
  status: z.enum(['booked', 'checked_in']),
  can_check_in: z.boolean(),
  can_check_out: z.boolean(),
});
export type DisplayBooking = z.infer<typeof DisplayBooking>;

/** GET display/{code}: the display's room today and how the display looks. Nothing else is reachable. */
export const DisplayPage = z.object({
  name: z.string(),
  room: z.string(),
  timezone: z.string(),
  locale: z.string(),
  accent: Accent,
  actions: z.array(z.string()),
  durations: z.array(z.number().int()),
  /** book-now is offered: the template offers it and the display has a booker */
  may_book: z.boolean(),
  now: z.string(),
  /** the room's bookings under way or later today, earliest first */
  bookings: z.array(DisplayBooking),
});
export type DisplayPage = z.infer<typeof DisplayPage>;

export const BookNowBody = z.strictObject({
  minutes: z.literal([...BOOK_NOW_MINUTES]),
});
export type BookNowBody = z.infer<typeof BookNowBody>;
export const DisplayBookingBody = z.strictObject({ declaration_id: PositiveId });
export type DisplayBookingBody = z.infer<typeof DisplayBookingBody>;

/** The kiosk's look and offers from its desk's device template (spec §2 reception desks: device-template). */
export const KioskLook = z.object({ accent: Accent, actions: z.array(z.string()) });
export type KioskLook = z.infer<typeof KioskLook>;
