import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The document's translation in `language`, else English, else its first: the name or content a
 * reader is shown.
 */
export function translated(
  column: 'name' | 'content',
  language: string,
  documentRef = 'd',
): RawBuilder<string> {
  return sql<string>`coalesce((select ${sql.ref(`t.${column}`)} from company_document_translations t
    where t.company_id = ${sql.ref(`${documentRef}.company_id`)} and t.document_id = ${sql.ref(`${documentRef}.id`)}
    order by t.language_code = ${language} desc, t.language_code = 'en' desc, t.language_code limit 1), '')`;
}

export const applicationIdsOf = (documentRef = 'd') =>
  sql<number[]>`coalesce((select array_agg(a.application_id order by a.application_id)
    from company_document_applications a
    where a.company_id = ${sql.ref(`${documentRef}.company_id`)} and a.document_id = ${sql.ref(`${documentRef}.id`)}), '{}')`;

/** The user's language code (their profile's), for documents shown to them. */
export async function languageOfUser(db: Db, companyId: number, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('languages as l', 'l.id', 'u.language_id')
    .select('l.code')
    .where('u.company_id', '=', companyId)
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row?.code ?? 'en';
}

/**
 * The people who must accept a company's documents: its users, not visitors and not the placeholder
 * that keeps removed users' bookings.
 */
export const peopleOf = (db: Db, companyId: number) =>
  db
    .selectFrom('users as u')
    .where('u.company_id', '=', companyId)
    .where('u.is_visitor', '=', false)
    .where('u.stands_for_removed', '=', false)
    .where('u.is_platform_admin', '=', false);

export const personName = sql<string>`coalesce(nullif(btrim(u.first_name || ' ' || u.last_name), ''), u.email)`;

export async function documentRow(db: Db, companyId: number, id: number) {
  return (
    (await db
      .selectFrom('company_documents as d')
      .select(['d.id', 'd.publish_date', 'd.version', 'd.version_at', 'd.pdf_name', 'd.reminded_at'])
      .select(applicationIdsOf().as('application_ids'))
      .where('d.company_id', '=', companyId)
      .where('d.id', '=', id)
      .executeTakeFirst()) ?? null
  );
}

export const translationsOf = (db: Db, companyId: number, id: number) =>
  db
    .selectFrom('company_document_translations')
    .select(['language_code', 'name', 'content'])
    .where('company_id', '=', companyId)
    .where('document_id', '=', id)
    .orderBy('language_code')
    .execute();

/** Published documents (publish date reached) of the company, optionally of one application. */
export function publishedDocuments(db: Db, companyId: number, applicationId?: number) {
  return db
    .selectFrom('company_documents as d')
    .where('d.company_id', '=', companyId)
    .where('d.publish_date', '<=', sql<Date>`now()`)
    .$if(applicationId !== undefined, (query) =>
      query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('company_document_applications as a')
            .select(sql`1`.as('one'))
            .whereRef('a.company_id', '=', 'd.company_id')
            .whereRef('a.document_id', '=', 'd.id')
            .where('a.application_id', '=', applicationId!),
        ),
      ),
    );
}

/** When the user accepted the document's current version (null: not yet). */
export const acceptedAtOf = (userId: number) =>
  sql<Date | null>`(select max(x.accepted_at) from document_acceptances x
    where x.company_id = d.company_id and x.document_id = d.id and x.version = d.version and x.user_id = ${userId})`;

/** An ILIKE pattern matching `query` anywhere, its wildcards taken literally. */
export const containing = (query: string) => `%${query.replace(/[\\%_]/g, '\\$&')}%`;
