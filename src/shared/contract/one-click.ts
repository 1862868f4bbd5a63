import { z } from 'zod';
import {
  CONTACTS_MAX,
  INFO_CONTENT_MAX,
  INFO_TITLE_MAX,
  ONE_CLICK_MESSAGES,
  URL_LINK_NAME,
  USER_WIDGET_NAMES,
  WIDGET_TITLE_MAX,
} from '../one-click/rules';
import { format, MESSAGES } from '../validation/messages';
import { text } from '../validation/schemas';
import { CalendarDate, Instant } from './calendar-date';
import { COMPANY_PREFIX } from './common';
import { Id, PositiveId } from './ids';
import { PlanSlots } from './plan';

/**
 * spec §7 One-click: GET widgets, contacts, plans, maps, periods, info; POST users, contacts,
 * positions; POST/PUT/DELETE info, plans, maps; POST find person. Every widget is the caller's own
 * (docs/one-click.md). Ours besides: POST plans/{id}/book (the one tap), GET find-person/{id} (where
 * a colleague sits today), GET/PUT find-person/visibility (the caller's own choice).
 */

/** A plan (kind 1) or map (kind 5) widget: a level, named by the user or by the level. */
export const LevelWidget = z.object({
  id: Id,
  kind: z.number().int(),
  ordering: z.number().int(),
  level_id: Id,
  /** the user's own name for it, '' to use the level's */
  title: z.string(),
  level_name: z.string(),
  level_path: z.string(),
  has_map: z.boolean(),
  is_declarable: z.boolean(),
});
export type LevelWidget = z.infer<typeof LevelWidget>;

/** An info widget (kind 4): a text, an optional link, and an optional address /one-click/{url_link_name}. */
export const InfoWidget = z.object({
  id: Id,
  kind: z.number().int(),
  ordering: z.number().int(),
  title: z.string(),
  content: z.string(),
  url: z.string().nullable(),
  url_link_name: z.string().nullable(),
});
export type InfoWidget = z.infer<typeof InfoWidget>;

export const UserWidget = z.object({
  /** null for persons, which is a section rather than a widget of the page's order */
  id: Id.nullable(),
  kind: z.number().int().nullable(),
  name: z.enum(USER_WIDGET_NAMES),
  is_active: z.boolean(),
  ordering: z.number().int(),
});
export type UserWidget = z.infer<typeof UserWidget>;

export const OneClickWidgets = z.object({
  persons: z.object({ is_active: z.boolean() }),
  plans: z.array(LevelWidget),
  maps: z.array(LevelWidget),
  info: z.array(InfoWidget),
  user_widgets: z.array(UserWidget),
});
export type OneClickWidgets = z.infer<typeof OneClickWidgets>;

export const LevelWidgetList = z.object({ data: z.array(LevelWidget) });
export type LevelWidgetList = z.infer<typeof LevelWidgetList>;
export const InfoWidgetList = z.object({ data: z.array(InfoWidget) });
export type InfoWidgetList = z.infer<typeof InfoWidgetList>;

const widgetTitle = () => text('', WIDGET_TITLE_MAX);

export const LevelWidgetBody = z.strictObject({
  level_id: PositiveId,
  title: widgetTitle().optional(),
});
export type LevelWidgetBody = z.infer<typeof LevelWidgetBody>;

const linkName = z
  .string()
  .max(64, format(MESSAGES.max, { max: 64 }))
  .refine((value) => value === '' || URL_LINK_NAME.test(value), ONE_CLICK_MESSAGES.linkNameFormat);
const webAddress = z
  .string()
  .max(2000, format(MESSAGES.max, { max: 2000 }))
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), ONE_CLICK_MESSAGES.url);

export const InfoWidgetBody = z.strictObject({
  title: text('required', INFO_TITLE_MAX),
  content: text('', INFO_CONTENT_MAX).optional(),
  /** '' or null: none */
  url: webAddress.nullable().optional(),
  url_link_name: linkName.nullable().optional(),
});
export type InfoWidgetBody = z.infer<typeof InfoWidgetBody>;

export const UserWidgetBody = z.strictObject({
  name: z.enum(USER_WIDGET_NAMES),
  is_active: z.boolean(),
});
export type UserWidgetBody = z.infer<typeof UserWidgetBody>;

/** POST positions: every widget id of the page, in the order it shows them. */
export const PositionsBody = z.strictObject({ ids: z.array(PositiveId).max(500) });
export type PositionsBody = z.infer<typeof PositionsBody>;

export const Contact = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  /** find-person may show where they sit (their own choice, else the company's) */
  findable: z.boolean(),
});
export type Contact = z.infer<typeof Contact>;
export const ContactList = z.object({ data: z.array(Contact) });
export type ContactList = z.infer<typeof ContactList>;

/** POST contacts: the whole list, in order. */
export const ContactsBody = z.strictObject({
  user_ids: z.array(PositiveId).max(CONTACTS_MAX, format(MESSAGES.max, { max: CONTACTS_MAX })),
});
export type ContactsBody = z.infer<typeof ContactsBody>;

/** GET periods: a level's slots of the caller's default slot type on a day, and which one a tap books. */
export const PeriodsQuery = z.object({
  level_id: z.coerce.number().int().positive().max(2_147_483_647),
  date: CalendarDate.optional(),
});
export type PeriodsQuery = z.input<typeof PeriodsQuery>;
export const Periods = PlanSlots.extend({
  /** index in `slots` of the slot one tap books: the first available one not over; null when none */
  next: z.number().int().nullable(),
});
export type Periods = z.infer<typeof Periods>;

/** POST plans/{id}/book: without a slot, the widget's next period (GET periods' `next`). */
export const OneTapBody = z
  .strictObject({
    datetime_from: Instant().optional(),
    datetime_to: Instant().optional(),
  })
  .refine((body) => (body.datetime_from === undefined) === (body.datetime_to === undefined), {
    message: 'Both ends of the slot are required.',
    path: ['datetime_to'],
  });
export type OneTapBody = z.input<typeof OneTapBody>;

/** POST find-person: colleagues the caller may find, by name or e-mail. */
export const FindPersonBody = z.strictObject({
  query: text('required', 100),
});
export type FindPersonBody = z.infer<typeof FindPersonBody>;
export const PersonList = z.object({
  data: z.array(z.object({ id: Id, name: z.string(), email: z.string() })),
});
export type PersonList = z.infer<typeof PersonList>;

/** Where a person sits: a resource on a level, with its place on the level's floor map. */
export const PersonPlace = z.object({
  resource_id: Id,
  resource_name: z.string(),
  level_id: Id,
  level_path: z.string(),
  /** the level whose floor map shows it (its own or the nearest ancestor's), and where */
  map_level_id: Id.nullable(),
  map_id: Id.nullable(),
  map_x: z.number().nullable(),
  map_y: z.number().nullable(),
});
export type PersonPlace = z.infer<typeof PersonPlace>;

/** spec §3 "Find person result: declarations, resource_assignments", for today in the caller's zone. */
export const FindPersonResult = z.object({
  user: z.object({ id: Id, name: z.string() }),
  date: z.string(),
  declarations: z.array(
    PersonPlace.extend({
      id: Id,
      datetime_from: z.string(),
      datetime_to: z.string(),
      timezone: z.string(),
      checked_in: z.boolean(),
    }),
  ),
  resource_assignments: z.array(PersonPlace),
  /** the nearest place the caller may book beside where they sit, free today; null when none */
  nearby: PersonPlace.nullable(),
});
export type FindPersonResult = z.infer<typeof FindPersonResult>;

export const FindPersonVisibility = z.object({
  /** the caller's own choice, null to follow the company */
  own: z.boolean().nullable(),
  company_default: z.boolean(),
  visible: z.boolean(),
});
export type FindPersonVisibility = z.infer<typeof FindPersonVisibility>;
export const FindPersonVisibilityBody = z.strictObject({ own: z.boolean().nullable() });
export type FindPersonVisibilityBody = z.infer<typeof FindPersonVisibilityBody>;

export const oneClickPath = `${COMPANY_PREFIX}/one-click`;
export const oneClickPaths = {
  widgets: `${oneClickPath}/widgets`,
  contacts: `${oneClickPath}/contacts`,
  plans: `${oneClickPath}/plans`,
  plan: `${oneClickPath}/plans/:id`,
  book: `${oneClickPath}/plans/:id/book`,
  maps: `${oneClickPath}/maps`,
  map: `${oneClickPath}/maps/:id`,
  info: `${oneClickPath}/info`,
  infoOne: `${oneClickPath}/info/:id`,
  periods: `${oneClickPath}/periods`,
  users: `${oneClickPath}/users`,
  positions: `${oneClickPath}/positions`,
  findPerson: `${oneClickPath}/find-person`,
  person: `${oneClickPath}/find-person/:id`,
  visibility: `${oneClickPath}/find-person/visibility`,
} as const;
