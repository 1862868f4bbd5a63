import {
  calendarFieldError,
  calendarFieldSpec,
  CONNECTOR_MESSAGES,
  SECRET_MASK,
  type CalendarField,
  type CalendarProvider,
  type CreateCalendarFieldBody,
} from '../../../shared/contract/connectors';
import { MESSAGES, type FieldErrors } from '../../../shared/validation';
import type { ConnectorContext } from './connectors.context';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { lockConnector, selectField } from './calendars.queries';
import { notifyConnectorsChanged } from './connectors.notify';
import { checkUrls, getCalendar, getRow, toField, unmaskSecrets, writeField } from './calendars.service';

type Db = ConnectorContext['db'];

// ---- calendar fields (spec §7: GET list, GET/PUT/DELETE by id, POST) ----

export async function listFields(
  ctx: ConnectorContext,
  calendarId: number,
): Promise<{ data: CalendarField[] }> {
  return { data: (await getCalendar(ctx, calendarId)).fields };
}

async function fieldWithConnector(db: Db, companyId: number, id: number) {
  const field = await selectField(db, companyId, id);
  if (!field) throw notFound(CONNECTOR_MESSAGES.fieldNotFound);
  const connector = await getRow(db, companyId, field.calendar_connector_id);
  return { field, connector };
}

export async function getField(ctx: ConnectorContext, id: number): Promise<CalendarField> {
  const { field, connector } = await fieldWithConnector(ctx.db, ctx.companyId, id);
  return toField(connector.provider, field);
}

async function checkFieldValue(
  ctx: ConnectorContext,
  provider: CalendarProvider,
  key: string,
  value: string,
  keepsSecret: boolean,
): Promise<void> {
  const spec = calendarFieldSpec(provider, key);
  if (!spec) throw unprocessable({ key: [CONNECTOR_MESSAGES.unknownField] });
  if (keepsSecret && value === SECRET_MASK) return;
  const error = calendarFieldError(spec, value);
  if (error) throw unprocessable({ value: [error] });
  const errors: FieldErrors = {};
  await checkUrls(ctx, provider, { [key]: value }, errors, '');
  if (errors[key]) throw unprocessable({ value: errors[key] });
}

export async function createField(
  ctx: ConnectorContext,
  body: CreateCalendarFieldBody,
): Promise<CalendarField> {
  const connector = await getRow(ctx.db, ctx.companyId, body.calendar_id);
  // a new field has no stored secret for the mask to stand for
  const value = unmaskSecrets(connector.provider, { [body.key]: body.value })[body.key]!;
  await checkFieldValue(ctx, connector.provider, body.key, value, false);
  if (value.trim() === '') throw unprocessable({ value: [MESSAGES.required] });
  const id = await ctx.db.transaction().execute(async (tx) => {
    const row = await lockConnector(tx, ctx.companyId, connector.id);
    if (!row) throw notFound(CONNECTOR_MESSAGES.notFound);
    const exists = await tx
      .selectFrom('calendar_connector_fields')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .where('calendar_connector_id', '=', row.id)
      .where('field_key', '=', body.key)
      .executeTakeFirst();
    if (exists) throw unprocessable({ key: [CONNECTOR_MESSAGES.fieldExists] });
    await writeField(tx, ctx.box, ctx.companyId, row, body.key, value);
    await notifyConnectorsChanged(tx, ctx.companyId, {
      connector: 'calendar',
      id: row.id,
      action: 'updated',
    });
    const { id } = await tx
      .selectFrom('calendar_connector_fields')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .where('calendar_connector_id', '=', row.id)
      .where('field_key', '=', body.key)
      .executeTakeFirstOrThrow();
    return id;
  });
  return getField(ctx, id);
}

export async function updateField(ctx: ConnectorContext, id: number, sent: string): Promise<CalendarField> {
  const { field, connector } = await fieldWithConnector(ctx.db, ctx.companyId, id);
  const value = unmaskSecrets(connector.provider, { [field.field_key]: sent }, [field])[field.field_key]!;
  await checkFieldValue(
    ctx,
    connector.provider,
    field.field_key,
    value,
    field.is_secret && !!field.sealed_value,
  );
  const spec = calendarFieldSpec(connector.provider, field.field_key)!;
  if (value.trim() === '' && !spec.required) {
    // an optional field emptied is removed (as in the connector's PUT)
    await deleteField(ctx, id);
    return { ...toField(connector.provider, field), value: '' };
  }
  await ctx.db.transaction().execute(async (tx) => {
    await lockConnector(tx, ctx.companyId, connector.id);
    await writeField(tx, ctx.box, ctx.companyId, connector, field.field_key, value);
    await tx
      .updateTable('calendar_connectors')
      .set({ updated_at: new Date() })
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', connector.id)
      .execute();
    await notifyConnectorsChanged(tx, ctx.companyId, {
      connector: 'calendar',
      id: connector.id,
      action: 'updated',
    });
  });
  return getField(ctx, id);
}

/** A required field cannot be removed (409): the connector would stop working. */
export async function deleteField(ctx: ConnectorContext, id: number): Promise<CalendarField> {
  const { field, connector } = await fieldWithConnector(ctx.db, ctx.companyId, id);
  if (calendarFieldSpec(connector.provider, field.field_key)?.required)
    throw conflict(CONNECTOR_MESSAGES.requiredField);
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('calendar_connector_fields')
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .execute();
    await notifyConnectorsChanged(tx, ctx.companyId, {
      connector: 'calendar',
      id: connector.id,
      action: 'updated',
    });
  });
  return toField(connector.provider, field);
}
