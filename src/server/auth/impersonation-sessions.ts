import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/*
 * The sessions of "open company as administrator" (modules/impersonations, docs/master-area.md):
 * what sign-in, sign-out and the initial data need to know about the record a session is bound to.
 */

const iso = (column: string) => sql<string>`to_json(${sql.ref(column)})#>>'{}'`;

/** An impersonation that may still open a session: not ended, not run out. */
export const openImpersonation = (db: Kysely<Database>, companyId: number, id: number) =>
  db
    .selectFrom('company_impersonations')
    .select(['id', 'expires_at'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();

/** Ends it and every session it opened, at once. */
export async function endImpersonation(db: Kysely<Database>, companyId: number, id: number): Promise<void> {
  await db
    .updateTable('company_impersonations')
    .set({ ended_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .execute();
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('impersonation_id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export const impersonationBanner = (db: Kysely<Database>, companyId: number, id: number) =>
  db
    .selectFrom('company_impersonations as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .select(['c.name as company_name', 'i.platform_user_email', iso('i.expires_at').as('expires_at')])
    .where('i.company_id', '=', companyId)
    .where('i.id', '=', id)
    .executeTakeFirst();
