import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';

export const allApplications = (db: Kysely<Database>) =>
  db.selectFrom('applications').select(['id', 'key', 'name']).orderBy('id').execute();

export const applicationById = async (db: Kysely<Database>, id: number) =>
  (await db
    .selectFrom('applications')
    .select(['id', 'key', 'name'])
    .where('id', '=', id)
    .executeTakeFirst()) ?? null;

export const versionsOf = (db: Kysely<Database>, applicationId: number) =>
  db
    .selectFrom('application_versions')
    .select(['id', 'application_id', 'version', 'notes', 'released_at'])
    .where('application_id', '=', applicationId)
    .orderBy('released_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

/** Answers null when the version already exists (unique per application). */
export const insertVersion = async (
  db: Kysely<Database>,
  applicationId: number,
  version: string,
  notes: string,
) =>
  (await db
    .insertInto('application_versions')
    .values({ application_id: applicationId, version, notes })
    .onConflict((oc) => oc.columns(['application_id', 'version']).doNothing())
    .returning(['id', 'application_id', 'version', 'notes', 'released_at'])
    .executeTakeFirst()) ?? null;

/**
 * Published documents of the company that concern the application and whose current version the
 * user has not accepted (an acceptance of an earlier version does not count: docs/documents.md).
 */
export const unacceptedDocumentIds = async (
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  applicationId: number,
) =>
  (
    await db
      .selectFrom('company_document_applications as da')
      .innerJoin('company_documents as d', (join) =>
        join.onRef('d.company_id', '=', 'da.company_id').onRef('d.id', '=', 'da.document_id'),
      )
      .leftJoin('document_acceptances as a', (join) =>
        join
          .onRef('a.company_id', '=', 'd.company_id')
          .onRef('a.document_id', '=', 'd.id')
          .onRef('a.version', '=', 'd.version')
          .on('a.user_id', '=', userId),
      )
      .select('d.id')
      .where('da.company_id', '=', companyId)
      .where('da.application_id', '=', applicationId)
      .where('d.publish_date', '<=', sql<Date>`now()`)
      .where('a.user_id', 'is', null)
      .orderBy('d.id')
      .execute()
  ).map((row) => row.id);
