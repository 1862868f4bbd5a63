import {
  calendarFieldError,
  CONNECTOR_MESSAGES,
  type CalendarConnector,
  type MappableRoom,
  type MappingsBody,
} from '../../../shared/contract/connectors';
import type { FieldErrors } from '../../../shared/validation';
import type { ConnectorContext } from './connectors.context';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { checkOutboundUrl } from '../../integrations/outbound-url';
import { queueBookingPushes } from '../calendar-sync';
import { calendarKeys, lockConnector, lockMappings, selectRooms } from './calendars.queries';
import { notifyConnectorsChanged } from './connectors.notify';
import { getCalendar, getRow } from './calendars.service';

export async function listRooms(ctx: ConnectorContext): Promise<{ data: MappableRoom[] }> {
  return { data: await selectRooms(ctx.db, ctx.companyId) };
}

/**
 * PUT calendars/{id}/resources: the connector's rooms and their calendars, all of them (a room left
 * out is no longer synchronised). Outlook calendars are room mailboxes (e-mail addresses); CalDAV
 * calendars are collection URLs, checked like every typed URL; Google resource calendar ids are
 * taken as they are.
 */
export async function replaceMappings(
  ctx: ConnectorContext,
  id: number,
  body: MappingsBody,
): Promise<CalendarConnector> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await saveMappings(ctx, id, body);
    } catch (error) {
      // A change committed while this one was checked (a room deleted, or a writer outside
      // lockMappings): checked again, the request gets the answer it would get a moment later.
      if (!RACES.has(pgCode(error) ?? '')) throw error;
      if (attempt >= 3) throw conflict(CONNECTOR_MESSAGES.changedMeanwhile);
    }
  }
}

/** Unique or foreign-key violation, serialization failure, deadlock. */
const RACES = new Set(['23505', '23503', '40001', '40P01']);

function pgCode(error: unknown): string | undefined {
  return error !== null && typeof error === 'object' && 'code' in error ? String(error.code) : undefined;
}

async function saveMappings(
  ctx: ConnectorContext,
  id: number,
  body: MappingsBody,
): Promise<CalendarConnector> {
  const connector = await getRow(ctx.db, ctx.companyId, id);
  const errors: FieldErrors = {};
  const rooms = new Set(
    (await selectRooms(ctx.db, ctx.companyId, [...new Set(body.mappings.map((m) => m.resource_id))])).map(
      (r) => r.id,
    ),
  );
  // compared as the unique index compares them
  const keys = await calendarKeys(
    ctx.db,
    body.mappings.map((m) => m.calendar_id.trim()),
  );
  const seenRooms = new Set<number>();
  const seenCalendars = new Set<string>();
  await Promise.all(
    body.mappings.map(async (mapping, index) => {
      const at = `mappings.${index}`;
      const calendar = mapping.calendar_id.trim();
      const key = keys[index]!;
      if (!rooms.has(mapping.resource_id)) errors[`${at}.resource_id`] = [CONNECTOR_MESSAGES.notRoom];
      else if (seenRooms.has(mapping.resource_id))
        errors[`${at}.resource_id`] = [CONNECTOR_MESSAGES.duplicateRoom];
      seenRooms.add(mapping.resource_id);
      if (seenCalendars.has(key)) errors[`${at}.calendar_id`] = [CONNECTOR_MESSAGES.calendarTaken];
      seenCalendars.add(key);
      if (errors[`${at}.calendar_id`]) return;
      if (connector.provider === 'outlook') {
        const message = calendarFieldError(
          { key: 'calendar_id', label: '', kind: 'email', required: true },
          calendar,
        );
        if (message) errors[`${at}.calendar_id`] = [message];
      } else if (connector.provider === 'caldav') {
        const check = await checkOutboundUrl(calendar, ctx.policy);
        if (!check.ok) errors[`${at}.calendar_id`] = [check.message];
      }
    }),
  );
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  await ctx.db.transaction().execute(async (tx) => {
    if (!(await lockConnector(tx, ctx.companyId, id))) throw notFound(CONNECTOR_MESSAGES.notFound);
    // so another connector's change to the same rooms commits before the check below, or waits
    await lockMappings(tx, ctx.companyId);
    const elsewhere = body.mappings.length
      ? await tx
          .selectFrom('calendar_connector_resources')
          .select('resource_id')
          .where('company_id', '=', ctx.companyId)
          .where('calendar_connector_id', '<>', id)
          .where(
            'resource_id',
            'in',
            body.mappings.map((m) => m.resource_id),
          )
          .execute()
      : [];
    if (elsewhere.length > 0) {
      const taken = new Set(elsewhere.map((row) => row.resource_id));
      const fieldErrors: FieldErrors = {};
      body.mappings.forEach((m, index) => {
        if (taken.has(m.resource_id))
          fieldErrors[`mappings.${index}.resource_id`] = [CONNECTOR_MESSAGES.roomTaken];
      });
      throw unprocessable(fieldErrors);
    }
    const before = new Map(
      (
        await tx
          .selectFrom('calendar_connector_resources')
          .select(['resource_id', 'calendar_id'])
          .where('company_id', '=', ctx.companyId)
          .where('calendar_connector_id', '=', id)
          .execute()
      ).map((row) => [row.resource_id, row.calendar_id]),
    );
    await tx
      .deleteFrom('calendar_connector_resources')
      .where('company_id', '=', ctx.companyId)
      .where('calendar_connector_id', '=', id)
      .execute();
    if (body.mappings.length > 0)
      await tx
        .insertInto('calendar_connector_resources')
        .values(
          body.mappings.map((m) => ({
            company_id: ctx.companyId,
            calendar_connector_id: id,
            resource_id: m.resource_id,
            calendar_id: m.calendar_id.trim(),
          })),
        )
        .execute();
    // a room newly mapped, or mapped to another calendar, has its bookings to come written there
    // (and taken off the calendar it followed); a room unmapped has them taken off (ours: that
    // calendar no longer follows the room, so they would stay there unchanged whatever became of
    // the bookings). The trigger pushes only bookings changed from now on.
    const mapped = new Set(body.mappings.map((m) => m.resource_id));
    await queueBookingPushes(tx, ctx.companyId, {
      resourceIds: [
        ...body.mappings
          .filter((m) => before.get(m.resource_id) !== m.calendar_id.trim())
          .map((m) => m.resource_id),
        ...[...before.keys()].filter((resourceId) => !mapped.has(resourceId)),
      ],
    });
    await tx
      .updateTable('calendar_connectors')
      .set({ updated_at: new Date() })
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .execute();
    await notifyConnectorsChanged(tx, ctx.companyId, { connector: 'calendar', id, action: 'updated' });
  });
  return getCalendar(ctx, id);
}
