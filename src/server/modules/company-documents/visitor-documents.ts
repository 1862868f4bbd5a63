import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { APPLICATION_IDS } from '../../../shared/contract/applications';
import {
  VISITOR_MUST_ACCEPT,
  type DocumentVersion,
  type KioskDocument,
} from '../../../shared/contract/company-documents';
import type { Database } from '../../db/schema';
import { unprocessable } from '../../http/errors';
import { publishedDocuments, translated } from './company-documents.queries';

/**
 * The company's published documents of the visitor application (spec §1: 11), which a visitor
 * accepts at the desk's kiosk before checking in, in the desk's language.
 */
export async function currentVisitorDocuments(
  db: Kysely<Database>,
  companyId: number,
  languageCode: string,
): Promise<KioskDocument[]> {
  return publishedDocuments(db, companyId, APPLICATION_IDS.visitor)
    .select(['d.id', 'd.version'])
    .select(sql<boolean>`d.pdf is not null`.as('has_pdf'))
    .select(translated('name', languageCode).as('name'))
    .select(translated('content', languageCode).as('content'))
    .orderBy('d.publish_date')
    .orderBy('d.id')
    .execute();
}

/**
 * Before a kiosk check-in: every current visitor document must be among the versions the visitor
 * accepted (422 on `accepted_documents` otherwise, nothing changed); the acceptances are kept for
 * the visit, with the time, in the check-in's transaction.
 */
export async function recordVisitAcceptances(
  tx: Kysely<Database>,
  companyId: number,
  visitId: number,
  accepted: readonly DocumentVersion[],
): Promise<void> {
  const current = await publishedDocuments(tx, companyId, APPLICATION_IDS.visitor)
    .select(['d.id', 'd.version'])
    .execute();
  const missing = current.filter(
    (document) => !accepted.some((given) => given.id === document.id && given.version === document.version),
  );
  if (missing.length > 0) throw unprocessable({ accepted_documents: [VISITOR_MUST_ACCEPT] });
  if (current.length === 0) return;
  await tx
    .insertInto('visit_document_acceptances')
    .values(
      current.map((document) => ({
        company_id: companyId,
        visit_id: visitId,
        document_id: document.id,
        version: document.version,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
