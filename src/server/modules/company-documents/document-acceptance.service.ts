import { sql } from 'kysely';
import {
  ACCEPT_CURRENT,
  type AcceptDocumentsBody,
  type DocumentAcceptances,
  type ReadableDocument,
  type RemindAnswer,
} from '../../../shared/contract/company-documents';
import { format } from '../../../shared/validation/messages';
import type { AppDeps, ServiceContext } from '../../context';
import { csvDocument } from '../../http/csv-cells';
import { notFound, unprocessable } from '../../http/errors';
import {
  acceptedAtOf,
  applicationIdsOf,
  containing,
  documentRow,
  languageOfUser,
  peopleOf,
  personName,
  publishedDocuments,
  translated,
} from './company-documents.queries';
import { DOCUMENT_NOT_FOUND } from './company-documents.service';

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The published documents a signed-in user may read, in their language: every one of the company's
 * (spec §2 /help-and-documents), or those of one application (spec §7 GET unaccepted/{id}, only the
 * ones the user has not accepted in their current version).
 */
export async function readableDocuments(
  ctx: ServiceContext,
  filter: { query?: string | undefined; applicationId?: number; unacceptedOnly?: boolean },
): Promise<ReadableDocument[]> {
  const language = await languageOfUser(ctx.db, ctx.companyId, ctx.userId);
  const rows = await publishedDocuments(ctx.db, ctx.companyId, filter.applicationId)
    .select(['d.id', 'd.version', 'd.publish_date'])
    .select(sql<boolean>`d.pdf is not null`.as('has_pdf'))
    .select(translated('name', language).as('name'))
    .select(translated('content', language).as('content'))
    .select(applicationIdsOf().as('application_ids'))
    .select(acceptedAtOf(ctx.userId).as('accepted_at'))
    .$if(filter.unacceptedOnly === true, (query) => query.where(acceptedAtOf(ctx.userId), 'is', null))
    .$if(Boolean(filter.query), (query) =>
      query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('company_document_translations as t')
            .select(sql`1`.as('one'))
            .whereRef('t.company_id', '=', 'd.company_id')
            .whereRef('t.document_id', '=', 'd.id')
            .where((inner) =>
              inner.or([
                inner('t.name', 'ilike', containing(filter.query!)),
                inner('t.content', 'ilike', containing(filter.query!)),
              ]),
            ),
        ),
      ),
    )
    .orderBy('d.publish_date')
    .orderBy('d.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    publish_date: iso(row.publish_date),
    accepted_at: row.accepted_at ? iso(row.accepted_at) : null,
  }));
}

/**
 * POST company-documents/acceptances: the user accepts the versions they read. A version that is no
 * longer current (a newer one was published meanwhile) is refused, so nobody accepts text they have
 * not seen; accepting again is harmless.
 */
export async function acceptDocuments(ctx: ServiceContext, body: AcceptDocumentsBody) {
  const ids = [...new Set(body.documents.map((document) => document.id))];
  const current = new Map(
    (
      await publishedDocuments(ctx.db, ctx.companyId)
        .select(['d.id', 'd.version'])
        .where('d.id', 'in', ids)
        .execute()
    ).map((row) => [row.id, row.version]),
  );
  const errors: Record<string, string[]> = {};
  body.documents.forEach((document, index) => {
    const version = current.get(document.id);
    if (version === undefined) errors[`documents.${index}.id`] = ['Document is not valid.'];
    else if (version !== document.version) errors[`documents.${index}.version`] = [ACCEPT_CURRENT];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  await ctx.db
    .insertInto('document_acceptances')
    .values(
      body.documents.map((document) => ({
        company_id: ctx.companyId,
        document_id: document.id,
        user_id: ctx.userId,
        version: document.version,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  return { message: 'Accepted.' };
}

/** Who has and has not accepted the current version, and every acceptance kept (earlier versions too). */
export async function documentAcceptances(ctx: ServiceContext, id: number): Promise<DocumentAcceptances> {
  const document = await documentRow(ctx.db, ctx.companyId, id);
  if (!document) throw notFound(DOCUMENT_NOT_FOUND);
  const people = await peopleOf(ctx.db, ctx.companyId)
    .leftJoin('document_acceptances as x', (join) =>
      join
        .onRef('x.company_id', '=', 'u.company_id')
        .onRef('x.user_id', '=', 'u.id')
        .on('x.document_id', '=', id)
        .on('x.version', '=', document.version),
    )
    .select(['u.id as user_id', 'u.email', 'x.accepted_at'])
    .select(personName.as('name'))
    .orderBy(sql`x.accepted_at is null`, 'desc')
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
  const history = await ctx.db
    .selectFrom('document_acceptances as x')
    .innerJoin('users as u', (join) =>
      join.onRef('u.company_id', '=', 'x.company_id').onRef('u.id', '=', 'x.user_id'),
    )
    .select(['x.user_id', 'x.version', 'x.accepted_at'])
    .select(personName.as('name'))
    .where('x.company_id', '=', ctx.companyId)
    .where('x.document_id', '=', id)
    .orderBy('x.accepted_at', 'desc')
    .orderBy('x.user_id')
    .limit(2000)
    .execute();
  const visitors = await ctx.db
    .selectFrom('visit_document_acceptances as x')
    .innerJoin('visits as v', (join) =>
      join.onRef('v.company_id', '=', 'x.company_id').onRef('v.id', '=', 'x.visit_id'),
    )
    .innerJoin('visitors as u', (join) =>
      join.onRef('u.company_id', '=', 'v.company_id').onRef('u.id', '=', 'v.visitor_id'),
    )
    .select(['x.visit_id', 'x.version', 'x.accepted_at'])
    .select(personName.as('name'))
    .where('x.company_id', '=', ctx.companyId)
    .where('x.document_id', '=', id)
    .orderBy('x.accepted_at', 'desc')
    .limit(2000)
    .execute();
  return {
    document_id: id,
    version: document.version,
    people: people.map((row) => ({ ...row, accepted_at: row.accepted_at ? iso(row.accepted_at) : null })),
    history: history.map((row) => ({ ...row, accepted_at: iso(row.accepted_at) })),
    visitors: visitors.map((row) => ({ ...row, accepted_at: iso(row.accepted_at) })),
  };
}

/** The acceptance list as CSV: one row per person for the current version, formula cells neutralised. */
export async function acceptancesCsv(ctx: ServiceContext, id: number): Promise<string> {
  const report = await documentAcceptances(ctx, id);
  return csvDocument(
    ['name', 'email', 'version', 'accepted', 'accepted_at'],
    report.people.map((person) => [
      person.name,
      person.email,
      String(report.version),
      person.accepted_at ? 'yes' : 'no',
      person.accepted_at ?? '',
    ]),
  );
}

/**
 * Reminds by mail (the outbox) everyone who has not accepted the current version of a published
 * document, in one transaction; the time is kept so the screen can say when it last happened.
 */
export async function remindPending(
  ctx: ServiceContext,
  deps: Pick<AppDeps, 'mailer' | 'originOf' | 'reference'>,
  id: number,
  subdomain: string,
): Promise<RemindAnswer> {
  const report = await documentAcceptances(ctx, id);
  const published = await publishedDocuments(ctx.db, ctx.companyId)
    .select('d.id')
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!published) throw unprocessable({ publish_date: ['The document is not published yet.'] });
  const pending = report.people.filter((person) => person.accepted_at === null);
  const names = await ctx.db
    .selectFrom('company_document_translations as t')
    .innerJoin('companies as c', 'c.id', 't.company_id')
    .select(['t.language_code', 't.name', 'c.name as company'])
    .where('t.company_id', '=', ctx.companyId)
    .where('t.document_id', '=', id)
    .execute();
  const nameIn = (language: string) =>
    (
      names.find((row) => row.language_code === language) ??
      names.find((row) => row.language_code === 'en') ??
      names[0]
    )?.name ?? '';
  const company = names[0]?.company ?? '';
  const link = `${deps.originOf(subdomain)}/help-and-documents`;
  const languages = new Map(
    (
      await ctx.db
        .selectFrom('users as u')
        .innerJoin('languages as l', 'l.id', 'u.language_id')
        .select(['u.id', 'l.code'])
        .where('u.company_id', '=', ctx.companyId)
        .where('u.id', 'in', pending.map((person) => person.user_id).concat(0))
        .execute()
    ).map((row) => [row.id, row.code]),
  );
  const sayers = new Map<string, (code: string, params: Record<string, string>) => string>();
  for (const language of new Set(pending.map((person) => languages.get(person.user_id) ?? 'en'))) {
    const labels = await deps.reference.labels(language);
    sayers.set(language, (code, params) =>
      format(labels.find((label) => label.code === `documents.mail.${code}`)?.content ?? code, params),
    );
  }
  const remindedAt = await ctx.db.transaction().execute(async (tx) => {
    for (const person of pending) {
      const language = languages.get(person.user_id) ?? 'en';
      const say = sayers.get(language)!;
      const params = {
        company,
        document: nameIn(language),
        name: person.name,
        version: String(report.version),
        link,
      };
      await deps.mailer.queue(
        {
          companyId: ctx.companyId,
          to: person.email,
          subject: say('subject', params),
          text: say('body', params),
        },
        tx,
      );
    }
    const row = await tx
      .updateTable('company_documents')
      .set({ reminded_at: sql<Date>`now()` })
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .returning('reminded_at')
      .executeTakeFirstOrThrow();
    return row.reminded_at!;
  });
  return { reminded: pending.length, reminded_at: iso(remindedAt) };
}

/**
 * The attached PDF for a reader: any signed-in user of the company once the document is published;
 * an administrator (DOCUMENTS read) before that too.
 */
export async function documentPdf(ctx: ServiceContext, id: number, administrator: boolean) {
  const row = await ctx.db
    .selectFrom('company_documents')
    .select(['pdf', 'pdf_name'])
    .select(sql<boolean>`publish_date <= now()`.as('published'))
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || !row.pdf || !row.pdf_name || (!row.published && !administrator))
    throw notFound('No such document.');
  return { bytes: row.pdf, name: row.pdf_name };
}
