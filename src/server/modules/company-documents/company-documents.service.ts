import { sql } from 'kysely';
import {
  NEEDS_CONTENT,
  type CompanyDocument,
  type DocumentList,
  type SaveDocumentBody,
} from '../../../shared/contract/company-documents';
import { pageMeta } from '../../../shared/contract/common';
import { sanitizeHelpHtml } from '../../../shared/html/sanitize-help-html';
import type { FieldErrors } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import {
  applicationIdsOf,
  containing,
  documentRow,
  languageOfUser,
  peopleOf,
  translated,
  translationsOf,
} from './company-documents.queries';
import { checkedPdf } from './document-pdf';

export const DOCUMENT_NOT_FOUND = 'No such document.';

const iso = (value: Date | string) => new Date(value).toISOString();

/** spec §2 /company-documents: the company's documents, searched by name in any language. */
export async function listDocuments(
  ctx: ServiceContext,
  query: {
    page: number;
    per_page: number;
    query?: string | undefined;
    application_id?: number | undefined;
    state?: 'published' | 'scheduled' | undefined;
  },
): Promise<DocumentList> {
  const language = await languageOfUser(ctx.db, ctx.companyId, ctx.userId);
  let base = ctx.db.selectFrom('company_documents as d').where('d.company_id', '=', ctx.companyId);
  if (query.query)
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('company_document_translations as t')
          .select(sql`1`.as('one'))
          .whereRef('t.company_id', '=', 'd.company_id')
          .whereRef('t.document_id', '=', 'd.id')
          .where('t.name', 'ilike', containing(query.query!)),
      ),
    );
  if (query.application_id !== undefined)
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('company_document_applications as a')
          .select(sql`1`.as('one'))
          .whereRef('a.company_id', '=', 'd.company_id')
          .whereRef('a.document_id', '=', 'd.id')
          .where('a.application_id', '=', query.application_id!),
      ),
    );
  if (query.state === 'published') base = base.where('d.publish_date', '<=', sql<Date>`now()`);
  if (query.state === 'scheduled') base = base.where('d.publish_date', '>', sql<Date>`now()`);
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const { people } = await peopleOf(ctx.db, ctx.companyId)
    .select(sql<number>`count(*)::int`.as('people'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .select(['d.id', 'd.publish_date', 'd.version'])
    .select(sql<boolean>`d.pdf is not null`.as('has_pdf'))
    .select(translated('name', language).as('name'))
    .select(applicationIdsOf().as('application_ids'))
    .select(
      sql<number>`(select count(distinct x.user_id)::int from document_acceptances x
        join users u on u.company_id = x.company_id and u.id = x.user_id
        where x.company_id = d.company_id and x.document_id = d.id and x.version = d.version
          and not u.is_visitor and not u.stands_for_removed and not u.is_platform_admin)`.as(
        'accepted_count',
      ),
    )
    .orderBy('d.publish_date', 'desc')
    .orderBy('d.id', 'desc')
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  return {
    data: rows.map((row) => ({ ...row, publish_date: iso(row.publish_date), people_count: people })),
    meta: pageMeta(query.page, query.per_page, total),
  };
}

export async function getDocument(ctx: ServiceContext, id: number): Promise<CompanyDocument> {
  const row = await documentRow(ctx.db, ctx.companyId, id);
  if (!row) throw notFound(DOCUMENT_NOT_FOUND);
  return {
    id: row.id,
    translations: await translationsOf(ctx.db, ctx.companyId, id),
    application_ids: row.application_ids,
    publish_date: iso(row.publish_date),
    version: row.version,
    version_at: iso(row.version_at),
    pdf_name: row.pdf_name,
    reminded_at: row.reminded_at ? iso(row.reminded_at) : null,
  };
}

/** Languages known and named once; a document with neither text nor PDF says what it lacks. */
async function checkBody(ctx: ServiceContext, body: SaveDocumentBody, keepsPdf: boolean) {
  const known = new Set(
    (await ctx.db.selectFrom('languages').select('code').execute()).map((row) => row.code),
  );
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  body.translations.forEach((translation, index) => {
    if (!known.has(translation.language_code) || seen.has(translation.language_code))
      errors[`translations.${index}.language_code`] = ['Language code is not valid.'];
    seen.add(translation.language_code);
  });
  const hasText = body.translations.some((translation) => textOf(translation.content) !== '');
  const hasPdf = body.pdf ? true : body.pdf === null ? false : keepsPdf;
  if (!hasText && !hasPdf) errors['content'] = [NEEDS_CONTENT];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/** The words of sanitised html (tags dropped): empty when a translation has no text at all. */
function textOf(html: string): string {
  return sanitizeHelpHtml(html)
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\s/g, '')
    .trim();
}

/**
 * Creates (id null) or replaces a document: its translations (html sanitised), applications,
 * publish date and PDF. `new_version` on an existing one raises its version, so everyone is asked
 * to accept it again; the acceptances of earlier versions stay.
 */
export async function saveDocument(
  ctx: ServiceContext,
  id: number | null,
  body: SaveDocumentBody,
): Promise<CompanyDocument> {
  const existing = id === null ? null : await documentRow(ctx.db, ctx.companyId, id);
  if (id !== null && !existing) throw notFound(DOCUMENT_NOT_FOUND);
  await checkBody(ctx, body, existing?.pdf_name != null);
  const pdf = body.pdf
    ? { pdf: await checkedPdf(body.pdf.content_base64), pdf_name: body.pdf.file_name.trim() }
    : null;
  const pdfChange = body.pdf === null ? { pdf: null, pdf_name: null } : (pdf ?? {});
  const savedId = await ctx.db.transaction().execute(async (tx) => {
    let documentId = id;
    const publish_date = new Date(body.publish_date);
    if (documentId === null) {
      documentId = (
        await tx
          .insertInto('company_documents')
          .values({ company_id: ctx.companyId, publish_date, ...pdfChange })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      const updated = await tx
        .updateTable('company_documents')
        .set({
          publish_date,
          updated_at: sql<Date>`now()`,
          ...pdfChange,
          ...(body.new_version ? { version: sql<number>`version + 1`, version_at: sql<Date>`now()` } : {}),
        })
        .where('company_id', '=', ctx.companyId)
        .where('id', '=', documentId)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw notFound(DOCUMENT_NOT_FOUND);
      await tx
        .deleteFrom('company_document_translations')
        .where('company_id', '=', ctx.companyId)
        .where('document_id', '=', documentId)
        .execute();
      await tx
        .deleteFrom('company_document_applications')
        .where('company_id', '=', ctx.companyId)
        .where('document_id', '=', documentId)
        .execute();
    }
    await tx
      .insertInto('company_document_translations')
      .values(
        body.translations.map((translation) => ({
          company_id: ctx.companyId,
          document_id: documentId,
          language_code: translation.language_code,
          name: translation.name.trim(),
          content: sanitizeHelpHtml(translation.content),
        })),
      )
      .execute();
    await tx
      .insertInto('company_document_applications')
      .values(
        [...new Set(body.application_ids)].map((application_id) => ({
          company_id: ctx.companyId,
          document_id: documentId,
          application_id,
        })),
      )
      .execute();
    return documentId;
  });
  return getDocument(ctx, savedId);
}

export async function deleteDocument(ctx: ServiceContext, id: number): Promise<{ message: string }> {
  const deleted = await ctx.db
    .deleteFrom('company_documents')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw notFound(DOCUMENT_NOT_FOUND);
  return { message: 'Deleted.' };
}
