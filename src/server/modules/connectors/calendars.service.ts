import {
  CALENDAR_FIELDS,
  calendarFieldSpec,
  CONNECTOR_MESSAGES,
  SECRET_MASK,
  validateCalendarFields,
  type CalendarConnector,
  type CalendarField,
  type CalendarProvider,
  type CreateCalendarBody,
  type UpdateCalendarBody,
} from '../../../shared/contract/connectors';
import type { FieldErrors } from '../../../shared/validation';
import type { ConnectorContext } from './connectors.context';
import { notFound, unprocessable } from '../../http/errors';
import { checkOutboundUrl } from '../../integrations/outbound-url';
import { secretContext, type SecretBox } from '../../integrations/secrets';
import { queueBookingPushes } from '../calendar-sync';
import {
  countLinkedUsers,
  lockConnector,
  selectConnectors,
  selectFields,
  selectMappings,
  type ConnectorRow,
  type FieldRow,
} from './calendars.queries';
import { notifyConnectorsChanged } from './connectors.notify';

type Db = ConnectorContext['db'];

/** Where a secret field's sealed value is bound (secrets.ts): its company, connector and key. */
export const fieldSecretContext = (companyId: number, connectorId: number, key: string) =>
  secretContext(companyId, `calendar_connectors/${connectorId}/${key}`);

export function toField(provider: CalendarProvider, row: FieldRow): CalendarField {
  const spec = calendarFieldSpec(provider, row.field_key);
  return {
    id: row.id,
    calendar_id: row.calendar_connector_id,
    key: row.field_key,
    label: spec?.label ?? row.field_key,
    kind: spec?.kind ?? 'text',
    required: spec?.required ?? false,
    value: row.is_secret ? (row.sealed_value ? SECRET_MASK : '') : row.value,
    is_secret: row.is_secret,
  };
}

async function assemble(db: Db, companyId: number, rows: ConnectorRow[]): Promise<CalendarConnector[]> {
  const ids = rows.map((row) => row.id);
  const [fields, mappings, linked] = await Promise.all([
    selectFields(db, companyId, ids),
    selectMappings(db, companyId, ids),
    countLinkedUsers(db, companyId, ids),
  ]);
  const order = (provider: CalendarProvider, key: string) => {
    const index = CALENDAR_FIELDS[provider].findIndex((spec) => spec.key === key);
    return index < 0 ? 1000 : index;
  };
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    name: row.name,
    is_active: row.is_active,
    fields: fields
      .filter((field) => field.calendar_connector_id === row.id)
      .sort((a, b) => order(row.provider, a.field_key) - order(row.provider, b.field_key))
      .map((field) => toField(row.provider, field)),
    mappings: mappings
      .filter((mapping) => mapping.calendar_connector_id === row.id)
      .map(({ resource_id, resource_name, calendar_id }) => ({ resource_id, resource_name, calendar_id })),
    linked_users: linked.get(row.id) ?? 0,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  }));
}

export async function listCalendars(ctx: ConnectorContext): Promise<{ data: CalendarConnector[] }> {
  return { data: await assemble(ctx.db, ctx.companyId, await selectConnectors(ctx.db, ctx.companyId)) };
}

export async function getCalendar(
  ctx: ConnectorContext,
  id: number,
  db: Db = ctx.db,
): Promise<CalendarConnector> {
  const [row] = await selectConnectors(db, ctx.companyId, id);
  if (!row) throw notFound(CONNECTOR_MESSAGES.notFound);
  return (await assemble(db, ctx.companyId, [row]))[0]!;
}

/**
 * Checks the URL fields against internal addresses (DNS lookups, so before any transaction). The
 * mask of a secret and an empty optional value are not URLs to check.
 */
export async function checkUrls(
  ctx: ConnectorContext,
  provider: CalendarProvider,
  values: Record<string, string>,
  errors: FieldErrors,
  prefix = 'fields.',
): Promise<void> {
  await Promise.all(
    Object.entries(values).map(async ([key, value]) => {
      const spec = calendarFieldSpec(provider, key);
      const field = `${prefix}${key}`;
      // the provider's own endpoints (the defaults) are not administrator-typed
      if (spec?.kind !== 'url' || errors[field] || value.trim() === '' || value.trim() === spec.default)
        return;
      const check = await checkOutboundUrl(value, ctx.policy);
      if (!check.ok) errors[field] = [check.message];
    }),
  );
}

/** The fields a new connector starts with: what was sent, else the provider's defaults. */
function initialValues(provider: CalendarProvider, sent: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const spec of CALENDAR_FIELDS[provider]) {
    const value =
      sent[spec.key]?.trim() === '' || sent[spec.key] === undefined ? spec.default : sent[spec.key];
    if (value !== undefined && !(spec.kind === 'secret' && value === SECRET_MASK)) values[spec.key] = value;
  }
  return values;
}

/**
 * The mask sent for a secret stands for the stored secret, so where none is stored it is no value at
 * all (what the form shows for an empty secret), never one to check or keep: a required secret sent
 * as the mask is missing, an optional one is not set.
 */
export function unmaskSecrets(
  provider: CalendarProvider,
  fields: Record<string, string>,
  stored: FieldRow[] = [],
): Record<string, string> {
  const kept = new Set(stored.filter((row) => row.is_secret && row.sealed_value).map((row) => row.field_key));
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) =>
      value === SECRET_MASK && calendarFieldSpec(provider, key)?.kind === 'secret' && !kept.has(key)
        ? [key, '']
        : [key, value],
    ),
  );
}

export async function writeField(
  db: Db,
  box: SecretBox,
  companyId: number,
  connector: { id: number; provider: CalendarProvider },
  key: string,
  value: string,
): Promise<void> {
  const secret = calendarFieldSpec(connector.provider, key)?.kind === 'secret';
  if (secret && value === SECRET_MASK) return; // the mask sent back keeps the stored secret
  const row = secret
    ? {
        value: '',
        sealed_value: value === '' ? null : box.seal(value, fieldSecretContext(companyId, connector.id, key)),
      }
    : { value: value.trim(), sealed_value: null };
  await db
    .insertInto('calendar_connector_fields')
    .values({
      company_id: companyId,
      calendar_connector_id: connector.id,
      field_key: key,
      is_secret: secret,
      ...row,
    })
    .onConflict((oc) => oc.columns(['company_id', 'calendar_connector_id', 'field_key']).doUpdateSet(row))
    .execute();
}

export async function createCalendar(
  ctx: ConnectorContext,
  body: CreateCalendarBody,
): Promise<CalendarConnector> {
  const fields = unmaskSecrets(body.provider, body.fields ?? {});
  const errors = validateCalendarFields(body.provider, fields, 'create');
  const values = initialValues(body.provider, fields);
  await checkUrls(ctx, body.provider, values, errors);
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const id = await ctx.db.transaction().execute(async (tx) => {
    const { id } = await tx
      .insertInto('calendar_connectors')
      .values({
        company_id: ctx.companyId,
        provider: body.provider,
        name: body.name.trim(),
        is_active: body.is_active ?? true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [key, value] of Object.entries(values))
      await writeField(tx, ctx.box, ctx.companyId, { id, provider: body.provider }, key, value);
    await notifyConnectorsChanged(tx, ctx.companyId, { connector: 'calendar', id, action: 'created' });
    return id;
  });
  return getCalendar(ctx, id);
}

/** The sent fields of an update; a stored secret sent back as the mask passes as it is. */
function updateErrors(
  provider: CalendarProvider,
  fields: Record<string, string>,
  stored: FieldRow[],
): FieldErrors {
  const keptSecrets = new Set(
    stored.filter((row) => row.is_secret && row.sealed_value).map((row) => row.field_key),
  );
  const checked = Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => !(value === SECRET_MASK && keptSecrets.has(key))),
  );
  return validateCalendarFields(provider, checked, 'update');
}

export async function updateCalendar(
  ctx: ConnectorContext,
  id: number,
  body: UpdateCalendarBody,
): Promise<CalendarConnector> {
  const current = await getRow(ctx.db, ctx.companyId, id);
  const stored = await selectFields(ctx.db, ctx.companyId, [id]);
  const fields = unmaskSecrets(current.provider, body.fields ?? {}, stored);
  const errors = updateErrors(current.provider, fields, stored);
  await checkUrls(ctx, current.provider, fields, errors);
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  await ctx.db.transaction().execute(async (tx) => {
    const row = await lockConnector(tx, ctx.companyId, id);
    if (!row) throw notFound(CONNECTOR_MESSAGES.notFound);
    // made active again: its calendars are brought to the bookings changed or made meanwhile
    if (body.is_active === true && !row.is_active)
      await queueBookingPushes(tx, ctx.companyId, { activated: id });
    await tx
      .updateTable('calendar_connectors')
      .set({
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.is_active !== undefined ? { is_active: body.is_active } : {}),
        updated_at: new Date(),
      })
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .execute();
    for (const [key, value] of Object.entries(fields)) {
      const spec = calendarFieldSpec(row.provider, key)!;
      // an optional field emptied is removed rather than kept blank
      if (value.trim() === '' && !spec.required)
        await tx
          .deleteFrom('calendar_connector_fields')
          .where('company_id', '=', ctx.companyId)
          .where('calendar_connector_id', '=', id)
          .where('field_key', '=', key)
          .execute();
      else await writeField(tx, ctx.box, ctx.companyId, row, key, value);
    }
    await notifyConnectorsChanged(tx, ctx.companyId, { connector: 'calendar', id, action: 'updated' });
  });
  return getCalendar(ctx, id);
}

export async function getRow(db: Db, companyId: number, id: number): Promise<ConnectorRow> {
  const [row] = await selectConnectors(db, companyId, id);
  if (!row) throw notFound(CONNECTOR_MESSAGES.notFound);
  return row;
}

/** Deleting a connector removes its fields, room mappings and users' links with it. */
export async function deleteCalendar(ctx: ConnectorContext, id: number): Promise<CalendarConnector> {
  const before = await getCalendar(ctx, id);
  await ctx.db.transaction().execute(async (tx) => {
    // the links to its events go with it: a booking kept waiting for it while it was inactive (its
    // room since mapped to another calendar) is written where its room is mapped now
    await queueBookingPushes(tx, ctx.companyId, { removed: id });
    const result = await tx
      .deleteFrom('calendar_connectors')
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound(CONNECTOR_MESSAGES.notFound);
    await notifyConnectorsChanged(tx, ctx.companyId, { connector: 'calendar', id, action: 'deleted' });
  });
  return before;
}

/** What the calendar sync reads: a connector's settings with secrets opened and defaults applied. */
export interface CalendarConnectorSettings {
  id: number;
  companyId: number;
  provider: CalendarProvider;
  name: string;
  isActive: boolean;
  settings: Record<string, string>;
  rooms: Array<{ resourceId: number; calendarId: string }>;
}

export async function loadCalendarConnector(
  db: Db,
  box: SecretBox,
  companyId: number,
  id: number,
): Promise<CalendarConnectorSettings | null> {
  const [row] = await selectConnectors(db, companyId, id);
  if (!row) return null;
  const fields = await selectFields(db, companyId, [id]);
  const settings: Record<string, string> = {};
  for (const spec of CALENDAR_FIELDS[row.provider]) if (spec.default) settings[spec.key] = spec.default;
  for (const field of fields)
    settings[field.field_key] = field.is_secret
      ? field.sealed_value
        ? box.open(field.sealed_value, fieldSecretContext(companyId, id, field.field_key))
        : ''
      : field.value;
  const rooms = await db
    .selectFrom('calendar_connector_resources')
    .select(['resource_id', 'calendar_id'])
    .where('company_id', '=', companyId)
    .where('calendar_connector_id', '=', id)
    .orderBy('resource_id')
    .execute();
  return {
    id,
    companyId,
    provider: row.provider,
    name: row.name,
    isActive: row.is_active,
    settings,
    rooms: rows(rooms),
  };
}

const rows = (list: Array<{ resource_id: number; calendar_id: string }>) =>
  list.map((m) => ({ resourceId: m.resource_id, calendarId: m.calendar_id }));
