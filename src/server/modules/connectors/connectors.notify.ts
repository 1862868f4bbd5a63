import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { ConnectorsChanged } from '../../../shared/contract/connectors';
import type { Database } from '../../db/schema';
import type { RealtimeSource } from '../../realtime/sources';

/** spec §4 'connectors changed': fanned out to every server process by LISTEN/NOTIFY. */
export const CONNECTORS_CHANNEL = 'connectors_changed';

const Notice = ConnectorsChanged.extend({ company_id: z.number().int().positive(), schema: z.string() });

/**
 * Inside the changing transaction, so it is delivered only when the change commits. The SSO module
 * announces its connectors through this too (connector 'sso').
 */
export async function notifyConnectorsChanged(
  db: Kysely<Database>,
  companyId: number,
  change: ConnectorsChanged,
): Promise<void> {
  await sql`select pg_notify(${CONNECTORS_CHANNEL}, json_build_object(
    'company_id', ${companyId}::int, 'connector', ${change.connector}::text, 'id', ${change.id}::int,
    'action', ${change.action}::text, 'schema', current_schema())::text)`.execute(db);
}

/**
 * The delivery of a notice (connectorsChanged below): to the company's users holding CONNECTORS. A
 * notice of another schema sharing the server's channels (parallel test databases) is dropped.
 */
async function readConnectorsNotice(
  db: Kysely<Database>,
  payload: unknown,
): Promise<{ companyId: number; data: ConnectorsChanged } | null> {
  const notice = Notice.safeParse(payload);
  if (!notice.success) return null;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  if (rows[0]?.schema !== notice.data.schema) return null;
  const { company_id: companyId, connector, id, action } = notice.data;
  return { companyId, data: { connector, id, action } };
}

/** spec §4 'connectors changed', to users who may read the connectors (CONNECTORS). */
export const connectorsChanged: RealtimeSource = {
  channel: CONNECTORS_CHANNEL,
  event: 'connectors_changed',
  async read(db, payload) {
    const notice = await readConnectorsNotice(db, payload);
    if (!notice) return null;
    return {
      companyId: notice.companyId,
      permission: ['CONNECTORS', 'read'],
      message: { type: 'event', event: 'connectors_changed', data: notice.data },
    };
  },
};
