import { z } from 'zod';
import { format, MESSAGES } from '../validation/messages';
import { validateValue } from '../validation/rules';
import type { FieldErrors } from '../validation';
import { text } from '../validation/schemas';
import { API_PREFIX, COMPANY_PREFIX } from './common';
import { Id, IdText, PositiveId } from './ids';

/**
 * spec §2 /connectors and /company-connectors (CONNECTORS), §3 "Calendar connector and fields ...
 * intranet link", §7 Connectors: calendars, calendar fields, connector types/all, linked users,
 * intranet CRUD. SSO connectors live in their own contract (the SSO module); the overview links to
 * them through the 'sso' connector type.
 *
 * Secrets (client secrets, passwords) are never returned: a read shows SECRET_MASK where one is
 * stored, and a write that sends the mask back keeps the stored secret.
 */
export const SECRET_MASK = '••••••••';

export const CONNECTOR_TYPE_KEYS = ['sso', 'calendar', 'intranet'] as const;
export type ConnectorTypeKey = (typeof CONNECTOR_TYPE_KEYS)[number];
export const ConnectorType = z.object({
  id: z.number().int(),
  key: z.enum(CONNECTOR_TYPE_KEYS),
  name: z.string(),
});
export type ConnectorType = z.infer<typeof ConnectorType>;
export const ConnectorTypeList = z.object({ data: z.array(ConnectorType) });

export const CALENDAR_PROVIDERS = ['outlook', 'google', 'caldav'] as const;
export const CalendarProvider = z.enum(CALENDAR_PROVIDERS);
export type CalendarProvider = z.infer<typeof CalendarProvider>;
/** The providers a user links their own calendar with (spec §2 profile sync-with-outlook, sync-with-google). */
export const LINKABLE_PROVIDERS = ['outlook', 'google'] as const;
export const LinkableProvider = z.enum(LINKABLE_PROVIDERS);
export type LinkableProvider = z.infer<typeof LinkableProvider>;

export const PROVIDER_NAMES: Record<CalendarProvider, string> = {
  outlook: 'Microsoft 365 (Outlook)',
  google: 'Google Calendar',
  caldav: 'CalDAV',
};

export type CalendarFieldKind = 'text' | 'url' | 'email' | 'secret';
export interface CalendarFieldSpec {
  key: string;
  label: string;
  kind: CalendarFieldKind;
  required: boolean;
  /** what a new connector gets when the field is left empty */
  default?: string;
  /** the provider only calls https addresses (Graph's change notifications) */
  httpsOnly?: boolean;
}

/**
 * The settings of each provider, one calendar field each. Endpoints have the public service as
 * default and can be pointed elsewhere (a national cloud, a proxy, the local fakes of the tests);
 * every URL is checked against internal addresses on the server.
 */
export const CALENDAR_FIELDS: Record<CalendarProvider, readonly CalendarFieldSpec[]> = {
  outlook: [
    { key: 'tenant_id', label: 'Directory (tenant) ID', kind: 'text', required: true },
    { key: 'client_id', label: 'Application (client) ID', kind: 'text', required: true },
    { key: 'client_secret', label: 'Client secret', kind: 'secret', required: true },
    {
      key: 'graph_url',
      label: 'Microsoft Graph endpoint',
      kind: 'url',
      required: true,
      default: 'https://graph.microsoft.com/v1.0',
    },
    {
      key: 'login_url',
      label: 'Sign-in endpoint',
      kind: 'url',
      required: true,
      default: 'https://login.microsoftonline.com',
    },
    {
      key: 'notification_url',
      label: 'Change notification URL',
      kind: 'url',
      required: false,
      httpsOnly: true,
    },
  ],
  google: [
    { key: 'client_id', label: 'OAuth client ID', kind: 'text', required: true },
    { key: 'client_secret', label: 'OAuth client secret', kind: 'secret', required: true },
    { key: 'service_account_email', label: 'Service account e-mail', kind: 'email', required: false },
    { key: 'service_account_key', label: 'Service account private key', kind: 'secret', required: false },
    {
      key: 'api_url',
      label: 'Calendar API endpoint',
      kind: 'url',
      required: true,
      default: 'https://www.googleapis.com/calendar/v3',
    },
    {
      key: 'auth_url',
      label: 'Consent endpoint',
      kind: 'url',
      required: true,
      default: 'https://accounts.google.com/o/oauth2/v2/auth',
    },
    {
      key: 'token_url',
      label: 'Token endpoint',
      kind: 'url',
      required: true,
      default: 'https://oauth2.googleapis.com/token',
    },
  ],
  caldav: [
    { key: 'server_url', label: 'CalDAV server URL', kind: 'url', required: true },
    { key: 'username', label: 'User name', kind: 'text', required: true },
    { key: 'password', label: 'Password', kind: 'secret', required: true },
  ],
};

/**
 * The label code of a calendar field's name (its English label, which can differ by provider for
 * one key: 'OAuth client ID', 'Application (client) ID'): connectors.field.oauth-client-id.
 */
export const calendarFieldLabelCode = (label: string): string =>
  `connectors.field.${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

export function calendarFieldSpec(provider: CalendarProvider, key: string): CalendarFieldSpec | undefined {
  return CALENDAR_FIELDS[provider].find((spec) => spec.key === key);
}

export const FIELD_VALUE_MAX = 8192;
export const CONNECTOR_MESSAGES = {
  unknownField: 'This field does not exist for this kind of connector.',
  fieldExists: 'This field is set already; edit it instead.',
  requiredField: 'This field is required by the connector and cannot be removed.',
  roomTaken: 'This room is synchronised with another calendar connector already.',
  calendarTaken: 'This calendar is mapped to another room already.',
  calendarIdTooLong:
    'This calendar id is too long: it may take at most {max} bytes, and most characters outside A–Z take 2 to 4 bytes each.',
  notRoom: 'Only rooms can be synchronised with a calendar.',
  duplicateRoom: 'This room is listed twice.',
  changedMeanwhile: 'The room mappings were changed by someone else at the same moment. Please try again.',
  noConnector: 'No active calendar connector for this provider. Ask your administrator to add one.',
  url: 'Please enter a valid address starting with https:// or http://.',
  httpsOnly: 'Microsoft 365 sends change notifications to https:// addresses only.',
  notFound: 'This connector was not found.',
  fieldNotFound: 'This field was not found.',
  intranetNotFound: 'This intranet link was not found.',
  linkNotFound: 'This linked calendar was not found.',
} as const;

function looksLikeUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The form rule of one field's value (spec §5 messages); the server also checks URLs against
 * internal addresses. A secret sent back as the mask is its stored value, so it passes.
 */
export function calendarFieldError(spec: CalendarFieldSpec, value: string): string | null {
  if (value.length > FIELD_VALUE_MAX) return format(MESSAGES.max, { max: FIELD_VALUE_MAX });
  const required = validateValue(value, 'required');
  if (required) return spec.required ? required : null;
  if (spec.kind === 'email') return validateValue(value, 'email');
  if (spec.kind === 'url' && !looksLikeUrl(value.trim())) return CONNECTOR_MESSAGES.url;
  if (spec.httpsOnly && !value.trim().toLowerCase().startsWith('https://'))
    return CONNECTOR_MESSAGES.httpsOnly;
  return null;
}

/**
 * The fields of a new or changed connector, keyed `fields.<key>`. Creating: every required field
 * needs a value or a default. Updating: only what is sent is checked.
 */
export function validateCalendarFields(
  provider: CalendarProvider,
  fields: Record<string, string>,
  mode: 'create' | 'update',
): FieldErrors {
  const errors: FieldErrors = {};
  for (const key of Object.keys(fields))
    if (!calendarFieldSpec(provider, key)) errors[`fields.${key}`] = [CONNECTOR_MESSAGES.unknownField];
  for (const spec of CALENDAR_FIELDS[provider]) {
    const sent = fields[spec.key];
    if (sent === undefined && mode === 'update') continue;
    const value = sent ?? '';
    const effective = value.trim() === '' && mode === 'create' ? (spec.default ?? '') : value;
    const error = calendarFieldError(spec, effective);
    if (error) errors[`fields.${spec.key}`] = [error];
  }
  return errors;
}

const name = () => text('required', 120);
const FieldValues = z.record(z.string().max(64), z.string().max(FIELD_VALUE_MAX));

export const CalendarField = z.object({
  id: Id,
  calendar_id: Id,
  key: z.string(),
  label: z.string(),
  kind: z.enum(['text', 'url', 'email', 'secret']),
  required: z.boolean(),
  /** SECRET_MASK for a stored secret, '' for none */
  value: z.string(),
  is_secret: z.boolean(),
});
export type CalendarField = z.infer<typeof CalendarField>;
export const CalendarFieldList = z.object({ data: z.array(CalendarField) });

export const RoomMapping = z.object({
  resource_id: Id,
  resource_name: z.string(),
  /** room mailbox (Outlook), resource calendar id (Google) or calendar collection URL (CalDAV) */
  calendar_id: z.string(),
});
export type RoomMapping = z.infer<typeof RoomMapping>;

export const CalendarConnector = z.object({
  id: Id,
  provider: CalendarProvider,
  name: z.string(),
  is_active: z.boolean(),
  fields: z.array(CalendarField),
  mappings: z.array(RoomMapping),
  linked_users: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CalendarConnector = z.infer<typeof CalendarConnector>;
export const CalendarConnectorList = z.object({ data: z.array(CalendarConnector) });

export const CreateCalendarBody = z.strictObject({
  provider: CalendarProvider,
  name: name(),
  is_active: z.boolean().optional(),
  fields: FieldValues.default({}),
});
export type CreateCalendarBody = z.input<typeof CreateCalendarBody>;

export const UpdateCalendarBody = z.strictObject({
  name: name().optional(),
  is_active: z.boolean().optional(),
  fields: FieldValues.optional(),
});
export type UpdateCalendarBody = z.infer<typeof UpdateCalendarBody>;

export const CALENDAR_ID_MAX = 1024;
/**
 * A calendar id is also limited in UTF-8 bytes: the database indexes it (lower(calendar_id) for the
 * one-room-per-calendar rule, and the sync's subscriptions and cursors), and an index entry holds at
 * most about 2,700 bytes. 1,024 bytes leave room for lower() making a letter longer; an ASCII id
 * fits its 1,024 characters.
 */
export const CALENDAR_ID_MAX_BYTES = 1024;

/** The length of a text in UTF-8 (a lone surrogate is stored as U+FFFD: 3 bytes). */
export function utf8Length(value: string): number {
  let bytes = 0;
  for (const char of value) {
    const point = char.codePointAt(0)!;
    bytes += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
  }
  return bytes;
}

const CalendarId = text('required', CALENDAR_ID_MAX).superRefine((value, ctx) => {
  // over the character limit already says too long
  if (value.length <= CALENDAR_ID_MAX && utf8Length(value.trim()) > CALENDAR_ID_MAX_BYTES)
    ctx.addIssue({
      code: 'custom',
      message: format(CONNECTOR_MESSAGES.calendarIdTooLong, { max: CALENDAR_ID_MAX_BYTES }),
    });
});

export const MappingsBody = z.strictObject({
  mappings: z.array(z.strictObject({ resource_id: PositiveId, calendar_id: CalendarId })).max(2000),
});
export type MappingsBody = z.infer<typeof MappingsBody>;

export const CalendarFieldQuery = z.object({
  calendar_id: IdText,
  lang: z.string().max(16).optional(),
});
export const CreateCalendarFieldBody = z.strictObject({
  calendar_id: PositiveId,
  key: text('required', 64),
  value: z.string().max(FIELD_VALUE_MAX),
});
export type CreateCalendarFieldBody = z.infer<typeof CreateCalendarFieldBody>;
export const UpdateCalendarFieldBody = z.strictObject({ value: z.string().max(FIELD_VALUE_MAX) });
export type UpdateCalendarFieldBody = z.infer<typeof UpdateCalendarFieldBody>;

/** A room the mapping screen offers, with the mailbox its resource record names (a suggestion). */
export const MappableRoom = z.object({
  id: Id,
  name: z.string(),
  level_name: z.string(),
  email: z.string().nullable(),
});
export type MappableRoom = z.infer<typeof MappableRoom>;
export const MappableRoomList = z.object({ data: z.array(MappableRoom) });

export const LinkedUser = z.object({
  id: Id,
  user: z.object({ id: Id, name: z.string(), email: z.string() }),
  provider: LinkableProvider,
  calendar_id: Id,
  account_email: z.string().nullable(),
  linked_at: z.string(),
});
export type LinkedUser = z.infer<typeof LinkedUser>;
export const LinkedUserList = z.object({ data: z.array(LinkedUser) });
export const LinkedUserQuery = z.object({
  calendar_id: IdText.optional(),
  lang: z.string().max(16).optional(),
});

/** The signed-in user's own link (profile sync-with-outlook / sync-with-google). */
export const OwnCalendarLink = z.object({
  provider: LinkableProvider,
  /** an active connector of the provider exists, so linking is possible */
  available: z.boolean(),
  status: z.enum(['none', 'pending', 'linked']),
  account_email: z.string().nullable(),
  linked_at: z.string().nullable(),
});
export type OwnCalendarLink = z.infer<typeof OwnCalendarLink>;
export const CalendarAuthUrl = z.object({ url: z.string() });
export type CalendarAuthUrl = z.infer<typeof CalendarAuthUrl>;
export const ProviderParam = z.object({ provider: LinkableProvider });
export const OAuthCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});

export const IntranetLink = z.object({
  id: Id,
  name: z.string(),
  url: z.string(),
  is_active: z.boolean(),
  position: z.number().int(),
});
export type IntranetLink = z.infer<typeof IntranetLink>;
export const IntranetLinkList = z.object({ data: z.array(IntranetLink) });
export const IntranetBody = z.strictObject({
  name: name(),
  url: text('required', 2048),
  is_active: z.boolean().optional(),
  position: z.number().int().min(0).max(10000).optional(),
});
export type IntranetBody = z.infer<typeof IntranetBody>;

/** 'connectors_changed' (spec §4): which connector changed and how; screens refetch. */
export const ConnectorsChanged = z.object({
  connector: z.enum(CONNECTOR_TYPE_KEYS),
  id: Id,
  action: z.enum(['created', 'updated', 'deleted']),
});
export type ConnectorsChanged = z.infer<typeof ConnectorsChanged>;

const CONNECTORS = `${COMPANY_PREFIX}/connectors`;
export const connectorPaths = {
  types: `${CONNECTORS}/types/all`,
  calendars: `${CONNECTORS}/calendars`,
  calendar: `${CONNECTORS}/calendars/:id`,
  calendarMappings: `${CONNECTORS}/calendars/:id/resources`,
  rooms: `${CONNECTORS}/rooms`,
  calendarFields: `${CONNECTORS}/calendar-fields`,
  calendarField: `${CONNECTORS}/calendar-fields/:id`,
  linkedUsers: `${CONNECTORS}/linked-users`,
  linkedUser: `${CONNECTORS}/linked-users/:id`,
  intranets: `${CONNECTORS}/intranets`,
  intranet: `${CONNECTORS}/intranets/:id`,
  /** spec §7 Users "Outlook and Google calendar auth URLs": the signed-in user's own link */
  ownLink: `${COMPANY_PREFIX}/users/calendar-links/:provider`,
  authUrl: `${COMPANY_PREFIX}/users/calendar-auth-url/:provider`,
  /** where the provider sends the browser back: one address on the master host for every company */
  oauthCallback: `${API_PREFIX}/connectors/oauth/:provider/callback`,
} as const;

export const withId = (path: string, id: number | string) => path.replace(':id', String(id));
export const withProvider = (path: string, provider: LinkableProvider) => path.replace(':provider', provider);
