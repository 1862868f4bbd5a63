import { sql, type Kysely } from 'kysely';
import type { TestServer } from '../../../../test/support/server-app';
import type { Database } from '../../db/schema';
import { secretBoxFor, secretContext } from '../../integrations/secrets';
import { runCalendarSync } from './calendar-sync.jobs';

/**
 * A calendar connector as the connectors administration stores it (migration 0017): its fields,
 * secrets sealed the same way, and its rooms mapped to calendars. Tests and the bench use it to
 * set up a sync without going through the administration screens.
 */
export interface GivenConnector {
  id: number;
}

export async function givenCalendarConnector(
  db: Kysely<Database>,
  config: { connectorSecretsKey?: string | null; jwtSecret: string | null },
  setup: {
    companyId: number;
    provider: 'outlook' | 'google' | 'caldav';
    fields: Record<string, string>;
    secrets: Record<string, string>;
    rooms: Array<{ resourceId: number; calendarId: string }>;
  },
): Promise<GivenConnector> {
  const { rows } = await sql<{ id: number }>`
    insert into calendar_connectors (company_id, provider, name)
    values (${setup.companyId}, ${setup.provider}, ${`${setup.provider} rooms`}) returning id`.execute(db);
  const id = rows[0]!.id;
  const box = secretBoxFor(config);
  for (const [key, value] of Object.entries(setup.fields)) {
    await sql`
      insert into calendar_connector_fields (company_id, calendar_connector_id, field_key, value)
      values (${setup.companyId}, ${id}, ${key}, ${value})`.execute(db);
  }
  for (const [key, value] of Object.entries(setup.secrets)) {
    const sealed = box.seal(value, secretContext(setup.companyId, `calendar_connectors/${id}/${key}`));
    await sql`
      insert into calendar_connector_fields
        (company_id, calendar_connector_id, field_key, sealed_value, is_secret)
      values (${setup.companyId}, ${id}, ${key}, ${sealed}, true)`.execute(db);
  }
  for (const room of setup.rooms) {
    await sql`
      insert into calendar_connector_resources (company_id, calendar_connector_id, resource_id, calendar_id)
      values (${setup.companyId}, ${id}, ${room.resourceId}, ${room.calendarId})`.execute(db);
  }
  return { id };
}

/** The Graph fields of a connector pointed at a (fake) Graph. */
export function graphFields(graph: { baseUrl: string; origin: string; tenantId: string; clientId: string }) {
  return {
    tenant_id: graph.tenantId,
    client_id: graph.clientId,
    graph_url: graph.baseUrl,
    login_url: graph.origin,
  };
}

/**
 * Runs the sync jobs of a test server until none is left (loopback allowed: the fakes live there).
 * The jobs a round queues (pushes after pulls) run in the next one; `pull` first asks for a pull
 * of every mapped room, as the periodic timer does.
 */
export async function drainCalendarSync(
  server: TestServer,
  options: { pull?: boolean; now?: () => Date } = {},
): Promise<void> {
  const deps = {
    db: server.db.kysely,
    config: { allowPrivateConnectorUrls: true, jwtSecret: server.config.jwtSecret },
    ...(options.now ? { now: options.now } : {}),
  };
  for (let round = 0; round < 10; round += 1) {
    const { done, failed } = await runCalendarSync(deps, {
      pull: options.pull === true && round === 0,
      ...(options.now ? { now: options.now } : {}),
    });
    if (done + failed === 0) return;
  }
}
