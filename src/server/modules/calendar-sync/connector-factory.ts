import type { SyncMailer } from './moved-meeting-mail';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FetchLike } from '../../integrations/calendar-http';
import { GoogleCalendarClient, readServiceAccountKey } from '../../integrations/google-calendar';
import { MicrosoftGraphClient } from '../../integrations/microsoft-graph';
import { guardedFetch, type OutboundPolicy } from '../../integrations/outbound-url';
import { secretBoxFor, secretContext } from '../../integrations/secrets';
import { CalDavConnector } from './caldav-connector';
import type { CalendarConnector } from './calendar-connector';
import { GoogleConnector } from './google-connector';
import { OutlookConnector } from './outlook-connector';

/**
 * Builds a connector's adapter from its stored fields (migration 0017; the keys are the connectors
 * admin's field catalogue), opening the sealed secrets. Every address in them was typed by an
 * administrator, so every call goes through the outbound-URL guard.
 */
export interface ConnectorRow {
  id: number;
  company_id: number;
  provider: 'outlook' | 'google' | 'caldav';
  is_active: boolean;
}

export class ConnectorNotUsableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConnectorNotUsableError';
  }
}

// The providers' public endpoints, used when the administrator left a field out.
const DEFAULTS: Record<string, string> = {
  graph_url: 'https://graph.microsoft.com/v1.0',
  login_url: 'https://login.microsoftonline.com',
  api_url: 'https://www.googleapis.com/calendar/v3',
  token_url: 'https://oauth2.googleapis.com/token',
};

export interface FactoryDeps {
  db: Kysely<Database>;
  /** the app config's connector settings (ALLOW_PRIVATE_CONNECTOR_URLS, CONNECTOR_SECRETS_KEY) */
  config: {
    allowPrivateConnectorUrls: boolean;
    connectorSecretsKey?: string | null;
    jwtSecret: string | null;
  };
  now?: () => Date;
  /** the mails the sync sends organisers (a moved meeting's room taken); the outbox alone when absent */
  mailer?: SyncMailer;
}

export async function connectorRow(
  db: Kysely<Database>,
  companyId: number,
  connectorId: number,
): Promise<ConnectorRow | null> {
  const { rows } = await sql<ConnectorRow>`
    select id, company_id, provider, is_active from calendar_connectors
    where company_id = ${companyId} and id = ${connectorId}`.execute(db);
  return rows[0] ?? null;
}

/** The zone of the room a calendar is mapped to (its level's): floating and all-day times are its. */
async function roomZone(db: Kysely<Database>, connector: ConnectorRow, calendarId: string): Promise<string> {
  const { rows } = await sql<{ timezone: string }>`
    select l.timezone from calendar_connector_resources m
    join resources r on r.company_id = m.company_id and r.id = m.resource_id
    join levels l on l.company_id = r.company_id and l.id = r.level_id
    where m.company_id = ${connector.company_id} and m.calendar_connector_id = ${connector.id}
      and lower(m.calendar_id) = lower(${calendarId})
    limit 1`.execute(db);
  return rows[0]?.timezone ?? 'UTC';
}

export async function fieldsOf(deps: FactoryDeps, connector: ConnectorRow): Promise<Map<string, string>> {
  const { rows } = await sql<{
    field_key: string;
    value: string;
    sealed_value: string | null;
    is_secret: boolean;
  }>`
    select field_key, value, sealed_value, is_secret from calendar_connector_fields
    where company_id = ${connector.company_id} and calendar_connector_id = ${connector.id}`.execute(deps.db);
  const box = secretBoxFor(deps.config);
  const fields = new Map<string, string>(Object.entries(DEFAULTS));
  for (const row of rows) {
    if (!row.is_secret) {
      if (row.value !== '') fields.set(row.field_key, row.value);
      continue;
    }
    if (!row.sealed_value) continue;
    const place = `calendar_connectors/${connector.id}/${row.field_key}`;
    fields.set(row.field_key, box.open(row.sealed_value, secretContext(connector.company_id, place)));
  }
  return fields;
}

export function guardedFetchFor(policy: OutboundPolicy): FetchLike {
  return (input, init) => {
    const body = init?.body === undefined || init.body === null ? undefined : String(init.body as string);
    const headers = { ...(init?.headers as Record<string, string> | undefined) };
    // the guard streams the body; some servers (Radicale's WSGI) refuse a chunked request
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    return guardedFetch(input, { method: init?.method, headers, body }, policy);
  };
}

function requiredOf(fields: ReadonlyMap<string, string>) {
  return (key: string) => {
    const value = fields.get(key);
    if (!value) throw new ConnectorNotUsableError(`The calendar connector has no ${key.replace(/_/g, ' ')}.`);
    return value;
  };
}

/** The Graph client of an Outlook connector's fields (opened: see fieldsOf). */
export function graphClientOf(deps: FactoryDeps, fields: ReadonlyMap<string, string>): MicrosoftGraphClient {
  const required = requiredOf(fields);
  const tenantId = required('tenant_id');
  return new MicrosoftGraphClient({
    tenantId,
    clientId: required('client_id'),
    clientSecret: required('client_secret'),
    baseUrl: fields.get('graph_url') || DEFAULTS.graph_url!,
    tokenUrl: `${(fields.get('login_url') || DEFAULTS.login_url!).replace(/\/$/, '')}/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`,
    fetch: guardedFetchFor({ allowPrivate: deps.config.allowPrivateConnectorUrls }),
  });
}

/**
 * Fields carried by a job that outlives its connector (migration 0022's unsubscribe, 0028's
 * retract): plain values, and secrets still sealed for the connector they belonged to, opened here.
 */
export function carriedFields(
  deps: FactoryDeps,
  companyId: number,
  connectorId: number,
  carried: Record<string, string | { sealed: string | null }>,
): Map<string, string> {
  const box = secretBoxFor(deps.config);
  const fields = new Map<string, string>(Object.entries(DEFAULTS));
  for (const [key, value] of Object.entries(carried)) {
    if (typeof value === 'string') {
      if (value !== '') fields.set(key, value);
    } else if (value?.sealed) {
      const place = `calendar_connectors/${connectorId}/${key}`;
      fields.set(key, box.open(value.sealed, secretContext(companyId, place)));
    }
  }
  return fields;
}

/**
 * A Google connector reaches the room (resource) calendars as its service account; the key field
 * holds Google's JSON key file or the PEM key alone, the e-mail field wins over the file's.
 */
function googleServiceAccountOf(fields: ReadonlyMap<string, string>) {
  const key = readServiceAccountKey(requiredOf(fields)('service_account_key'));
  if (!key)
    throw new ConnectorNotUsableError(
      "The calendar connector's service account private key is neither a Google JSON key file nor a PEM private key.",
    );
  const email = fields.get('service_account_email') || key.email;
  if (!email) throw new ConnectorNotUsableError('The calendar connector has no service account e-mail.');
  return { serviceAccountEmail: email, privateKey: key.privateKey };
}

/** The adapter of a connector, from its stored fields or from fields a job carried (carriedFields). */
export async function buildConnector(
  deps: FactoryDeps,
  connector: ConnectorRow,
  carried?: ReadonlyMap<string, string>,
): Promise<CalendarConnector> {
  const fields = carried ?? (await fieldsOf(deps, connector));
  const required = requiredOf(fields);
  const fetch = guardedFetchFor({ allowPrivate: deps.config.allowPrivateConnectorUrls });
  const now = deps.now ?? (() => new Date());
  switch (connector.provider) {
    case 'outlook':
      return new OutlookConnector(graphClientOf(deps, fields), now);
    case 'google':
      return new GoogleConnector(
        new GoogleCalendarClient({
          ...googleServiceAccountOf(fields),
          baseUrl: required('api_url'),
          tokenUrl: required('token_url'),
          fetch,
        }),
        now,
      );
    case 'caldav':
      return new CalDavConnector(
        {
          serverUrl: required('server_url'),
          username: required('username'),
          password: required('password'),
          fetch,
        },
        now,
        (calendarId) => roomZone(deps.db, connector, calendarId),
      );
  }
}
