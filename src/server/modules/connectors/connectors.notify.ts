import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { ConnectorsChanged } from '../../../shared/contract/connectors';
import type { Database } from '../../db/schema';

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
 * The delivery of a notice (realtime/sources.ts): to the company's users holding CONNECTORS. A
 * notice of another schema sharing the server's channels (parallel test databases) is dropped.
 */
export async function readConnectorsNotice(
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
