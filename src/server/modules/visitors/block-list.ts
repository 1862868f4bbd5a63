import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { ReceptionDeskAlert } from '../../../shared/contract/realtime';
import type { BlockEmailBody, BlockedEmail, BlockedEmailList } from '../../../shared/contract/visitors';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { ownSchema, type RealtimeSource } from '../../realtime/sources';
import { deskAudience } from './visitors.notify';

/**
 * The company's block list (docs/visitors.md "Privacy"): a listed address is refused when a visitor
 * is invited or imported with it, and at the kiosk. The host reads BLOCKED_ADDRESS on the e-mail
 * field; the visitor at the kiosk reads the same neutral sentence as for a visit not found; reception
 * is alerted live ('reception_desk_changed', alert blocked_visitor).
 */
export const BLOCKED_ADDRESS = 'This person cannot be invited. Please contact reception.';
export const ALREADY_BLOCKED = 'This address is already on the block list.';
export const BLOCKED_NOT_FOUND = 'Address not found.';

/** The listed addresses among `emails`, in lower case. */
export async function blockedAmong(
  db: Kysely<Database>,
  companyId: number,
  emails: readonly string[],
): Promise<Set<string>> {
  const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return new Set();
  const { rows } = await sql<{ email: string }>`select lower(email) as email from visitor_blocked_emails
    where company_id = ${companyId} and lower(email) = any(${wanted}::text[])`.execute(db);
  return new Set(rows.map((row) => row.email));
}

export const ALERT_CHANNEL = 'reception_desk_alert';

/**
 * Reception's alert, sent on its own (not in a refused write's transaction, which rolls back): the
 * desk's receptionists see that a listed address was refused, never the address itself.
 */
export async function alertReception(
  db: Kysely<Database>,
  companyId: number,
  deskId: number,
  at: ReceptionDeskAlert['at'],
): Promise<void> {
  await sql`select pg_notify(${ALERT_CHANNEL}, json_build_object('company_id', ${companyId}::int,
    'reception_desk_id', ${deskId}::int, 'alert', 'blocked_visitor', 'at', ${at}::text,
    'schema', current_schema())::text)`.execute(db);
}

const Notice = ReceptionDeskAlert.extend({ company_id: z.number().int().positive(), schema: z.string() });

/**
 * To the desk's receptionists only (not the hosts): VISITOR_MANAGEMENT read at a desk no
 * reception-desk container keeps, else the people of its containers whose roles grant
 * RECEPTION_DESK_VISITORS read (a permission no login answer carries, so only they).
 */
export const receptionDeskAlert: RealtimeSource = {
  channel: ALERT_CHANNEL,
  event: 'reception_desk_changed',
  async read(db, payload) {
    const notice = Notice.safeParse(payload);
    if (!notice.success || notice.data.schema !== (await ownSchema(db))) return null;
    const { company_id: companyId, schema: _schema, ...data } = notice.data;
    return {
      companyId,
      ...(await deskAudience(
        db,
        companyId,
        data.reception_desk_id,
        ['RECEPTION_DESK_VISITORS', 'read'],
        ['VISITOR_MANAGEMENT', 'read'],
      )),
      message: { type: 'event', event: 'reception_desk_changed', data },
    };
  },
};

const present = (row: { id: number; email: string; note: string; created_at: Date }): BlockedEmail => ({
  id: row.id,
  email: row.email,
  note: row.note,
  created_at: new Date(row.created_at).toISOString(),
});

/** GET visitors/blocked-emails. */
export async function listBlockedEmails(ctx: ServiceContext): Promise<BlockedEmailList> {
  const rows = await ctx.db
    .selectFrom('visitor_blocked_emails')
    .select(['id', 'email', 'note', 'created_at'])
    .where('company_id', '=', ctx.companyId)
    .orderBy('email')
    .execute();
  return { data: rows.map(present) };
}

/** POST visitors/blocked-emails: an address twice is a 409. */
export async function blockEmail(ctx: ServiceContext, body: BlockEmailBody): Promise<BlockedEmail> {
  const email = body.email.trim();
  if ((await blockedAmong(ctx.db, ctx.companyId, [email])).size > 0) throw conflict(ALREADY_BLOCKED);
  const row = await ctx.db
    .insertInto('visitor_blocked_emails')
    .values({ company_id: ctx.companyId, email, note: (body.note ?? '').trim(), created_by: ctx.userId })
    .returning(['id', 'email', 'note', 'created_at'])
    .executeTakeFirstOrThrow();
  return present(row);
}

/** DELETE visitors/blocked-emails/{id}. */
export async function unblockEmail(ctx: ServiceContext, id: number): Promise<{ message: string }> {
  const deleted = await ctx.db
    .deleteFrom('visitor_blocked_emails')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(BLOCKED_NOT_FOUND);
  return { message: 'The address was taken off the block list.' };
}

/**
 * The e-mail field errors of listed addresses (field name → address), checked before a write's
 * transaction; when one is listed, the desk's reception is alerted (the refused write then rolls
 * back, the alert stays).
 */
export async function blockedErrors(
  db: Kysely<Database>,
  companyId: number,
  deskId: number,
  at: ReceptionDeskAlert['at'],
  addresses: Readonly<Record<string, string | undefined>>,
): Promise<Record<string, string[]>> {
  const listed = await blockedAmong(
    db,
    companyId,
    Object.values(addresses).filter((a) => a !== undefined),
  );
  if (listed.size === 0) return {};
  const errors: Record<string, string[]> = {};
  for (const [field, address] of Object.entries(addresses))
    if (address !== undefined && listed.has(address.trim().toLowerCase())) errors[field] = [BLOCKED_ADDRESS];
  const desk = await db
    .selectFrom('reception_desks')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', deskId)
    .executeTakeFirst();
  if (desk) await alertReception(db, companyId, deskId, at);
  return errors;
}
