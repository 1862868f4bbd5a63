import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

const COLUMNS = ['id', 'period_from', 'period_to', 'status', 'progress', 'row_count', 'created_at'] as const;

export function exportPage(db: Kysely<Database>, companyId: number, offset: number, limit: number) {
  return db
    .selectFrom('log_exports')
    .select(COLUMNS)
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function exportCount(db: Kysely<Database>, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('log_exports')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export const exportById = (db: Kysely<Database>, companyId: number, id: number) =>
  db
    .selectFrom('log_exports')
    .select(COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const exportFile = (db: Kysely<Database>, companyId: number, id: number) =>
  db
    .selectFrom('log_exports')
    .select(['csv', 'period_from', 'period_to'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('status', '=', 'ready')
    .executeTakeFirst();

export const insertExport = (db: Kysely<Database>, companyId: number, userId: number, from: Date, to: Date) =>
  db
    .insertInto('log_exports')
    .values({ company_id: companyId, user_id: userId, period_from: from, period_to: to })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();

export async function isLogging(db: Kysely<Database>, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('audit_log_configs')
    .select('is_active')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.is_active ?? true;
}

export async function setLogging(db: Kysely<Database>, companyId: number, active: boolean): Promise<void> {
  await sql`insert into audit_log_configs (company_id, is_active) values (${companyId}, ${active})
    on conflict (company_id) do update set is_active = excluded.is_active, updated_at = now()`.execute(db);
}

/** The period's events from `afterId` on, oldest first: the job reads them a page at a time. */
export const eventsPage = (
  db: Kysely<Database>,
  companyId: number,
  period: { from: Date; to: Date },
  after: { at: Date; id: string } | null,
  limit: number,
) =>
  db
    .selectFrom('audit_events')
    .select(['id', 'occurred_at', 'kind', 'actor_name', 'actor_email', 'subject', 'details'])
    .where('company_id', '=', companyId)
    .where('occurred_at', '>=', period.from)
    .where('occurred_at', '<', period.to)
    .$if(after !== null, (query) =>
      query.where((eb) =>
        eb.or([
          eb('occurred_at', '>', after!.at),
          eb.and([eb('occurred_at', '=', after!.at), eb('id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('occurred_at')
    .orderBy('id')
    .limit(limit)
    .execute();

export async function countEvents(db: Kysely<Database>, companyId: number, from: Date, to: Date) {
  const row = await db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('company_id', '=', companyId)
    .where('occurred_at', '>=', from)
    .where('occurred_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
