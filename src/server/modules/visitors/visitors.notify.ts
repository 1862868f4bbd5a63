import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { ReceptionDeskVisitorChanged } from '../../../shared/contract/realtime';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { Database } from '../../db/schema';
import { deskReaders } from '../../permissions/reception-desks';
import { ownSchema, type RealtimeSource } from '../../realtime/sources';

/** spec §4 'reception desk visitor changed': fanned out to every server process by LISTEN/NOTIFY. */
export const VISITOR_CHANNEL = 'reception_desk_visitor_changed';

const Notice = ReceptionDeskVisitorChanged.extend({
  company_id: z.number().int().positive(),
  schema: z.string(),
});

/** Inside the changing transaction, so the event leaves only when the change commits. */
export async function notifyVisitChanged(
  db: Kysely<Database>,
  companyId: number,
  change: ReceptionDeskVisitorChanged,
): Promise<void> {
  await sql`select pg_notify(${VISITOR_CHANNEL}, json_build_object(
    'company_id', ${companyId}::int, 'visit_id', ${change.visit_id}::int,
    'reception_desk_id', ${change.reception_desk_id}::int, 'host_id', ${change.host_id}::int,
    'status', ${change.status}::text, 'schema', current_schema())::text)`.execute(db);
}

/**
 * Who receives a desk's event: the people of the desk's reception-desk containers whose roles grant
 * RECEPTION_DESK_VISITORS read, and the holders of `whenKept` (a desk such a container keeps) or of
 * `whenFree` (a desk none keeps).
 */
export async function deskAudience(
  db: Kysely<Database>,
  companyId: number,
  deskId: number,
  whenKept: PermissionRequirement,
  whenFree: PermissionRequirement,
): Promise<{ permission: PermissionRequirement; userIds: number[] }> {
  const readers = await deskReaders(db, companyId, deskId);
  return { permission: readers.kept ? whenKept : whenFree, userIds: readers.userIds };
}

/**
 * To the company's hosts (MY_VISITORS) and the desk's receptionists: VISITOR_MANAGEMENT read at a desk
 * no reception-desk container keeps, else the people of its containers whose roles grant
 * RECEPTION_DESK_VISITORS read (one query per event).
 */
export const receptionDeskVisitorChanged: RealtimeSource = {
  channel: VISITOR_CHANNEL,
  event: 'reception_desk_visitor_changed',
  async read(db, payload) {
    const notice = Notice.safeParse(payload);
    if (!notice.success || notice.data.schema !== (await ownSchema(db))) return null;
    const { company_id: companyId, schema: _schema, ...data } = notice.data;
    return {
      companyId,
      ...(await deskAudience(db, companyId, data.reception_desk_id, 'MY_VISITORS', [
        'MY_VISITORS',
        ['VISITOR_MANAGEMENT', 'read'],
      ])),
      message: { type: 'event', event: 'reception_desk_visitor_changed', data },
    };
  },
};
