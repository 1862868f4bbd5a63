import { sql } from 'kysely';
import { retryLaterOf } from './calendar-sync.service';
import type { ConnectorRow } from './connector-factory';
import { buildConnector, carriedFields, type FactoryDeps } from './connector-factory';

/** Queued by migration 0028's trigger when a calendar connector is removed: one per calendar. */
export const RETRACT_JOB = 'calendar.retract';

export interface RetractPayload {
  connector_id: number;
  provider: ConnectorRow['provider'];
  fields: Record<string, string | { sealed: string | null }>;
  calendar_id: string;
  events: Array<{ external_id: string; etag: string | null; ends_at: string }>;
}

/**
 * The retract job: the events a removed connector had written on one calendar for bookings made
 * here are deleted with the credentials the job carried, so the room is no longer busy there for
 * them. One event refused does not stop the others; the job then fails and its retry deletes again
 * what is left (an event already gone is fine). Throttled, it waits as the service asks. Events of
 * bookings over by then are the calendar's history and are left.
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
  const now = (deps.now ?? (() => new Date()))();
  // the room's new connector may have taken the same event for the booking (a key-derived id, or
  // its create answered with the event already there): it is that connector's now
  const taken = await linkedAgain(
    deps,
    companyId,
    payload.events.map((event) => event.external_id),
  );
  let refused: unknown = null;
  let failures = 0;
  for (const event of payload.events) {
    if (new Date(event.ends_at) <= now || taken.has(event.external_id)) continue;
    try {
      await connector.deleteEvent(payload.calendar_id, { externalId: event.external_id, etag: event.etag });
    } catch (error) {
      const wait = retryLaterOf(error);
      if (wait) throw wait;
      refused ??= error;
      failures += 1;
    }
  }
  if (refused !== null)
    throw new Error(`calendar retract: ${failures} of ${payload.events.length} events not deleted`, {
      cause: refused,
    });
}

async function linkedAgain(
  deps: FactoryDeps,
  companyId: number,
  externalIds: string[],
): Promise<Set<string>> {
  const { rows } = await sql<{ external_id: string }>`
    select external_id from calendar_event_links
    where company_id = ${companyId} and external_id = any(${sql.val(externalIds)}::text[])`.execute(deps.db);
  return new Set(rows.map((row) => row.external_id));
}
