import { sql } from 'kysely';
import { CalendarServiceError } from '../../integrations/calendar-http';
import { RetryLaterError } from '../../jobs';
import type { ConnectorRow } from './connector-factory';
import { buildConnector, carriedFields, type FactoryDeps } from './connector-factory';

/** Queued by migration 0028's trigger when a calendar connector is removed. */
export const RETRACT_JOB = 'calendar.retract';

export interface RetractPayload {
  connector_id: number;
  provider: ConnectorRow['provider'];
  fields: Record<string, string | { sealed: string | null }>;
  events: Array<{ calendar_id: string; external_id: string; etag: string | null }>;
}

/**
 * The retract job: the events a removed connector had written for bookings made here are deleted
 * with the credentials the job carried, so the rooms are no longer busy on those calendars. A
 * retry deletes them all again, which is harmless: an event already gone is fine.
 */
export async function retractEvents(
  deps: FactoryDeps,
  companyId: number,
  payload: RetractPayload,
): Promise<void> {
  const connector = await buildConnector(
    deps,
    { id: payload.connector_id, company_id: companyId, provider: payload.provider, is_active: false },
    carriedFields(deps, companyId, payload.connector_id, payload.fields),
  );
  try {
    for (const event of payload.events) {
      // the room's new connector may have taken the same event for the booking (a key-derived id,
      // or its create answered with the event already there): it is that connector's now
      if (await linkedAgain(deps, companyId, event)) continue;
      await connector.deleteEvent(event.calendar_id, { externalId: event.external_id, etag: event.etag });
    }
  } catch (error) {
    if (error instanceof CalendarServiceError && error.retryAfterMs !== null)
      throw new RetryLaterError(error.message, error.retryAfterMs);
    throw error;
  }
}

async function linkedAgain(
  deps: FactoryDeps,
  companyId: number,
  event: RetractPayload['events'][number],
): Promise<boolean> {
  const { rows } = await sql`
    select 1 from calendar_event_links
    where company_id = ${companyId} and external_id = ${event.external_id}
      and lower(calendar_id) = lower(${event.calendar_id})`.execute(deps.db);
  return rows.length > 0;
}
