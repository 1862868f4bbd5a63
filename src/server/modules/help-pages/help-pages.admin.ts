import { sql, type Kysely } from 'kysely';
import type { MasterHelpPage, SaveHelpPageBody } from '../../../shared/contract/help-admin';
import { helpPathOf } from '../../../shared/contract/help';
import { helpCssProblem } from '../../../shared/html/help-css';
import { sanitizeHelpHtml } from '../../../shared/html/sanitize-help-html';
import type { FieldErrors } from '../../../shared/validation';
import type { MasterContext } from '../../context';
import type { Database } from '../../db/schema';
import { notFound, unprocessable } from '../../http/errors';

const PATH_TAKEN = 'Another help page has this path.';

/** spec §2 /help-pages: the platform administrators' help pages, one path, content per language. */
export async function listHelpPages(ctx: MasterContext, page: number, perPage: number, query?: string) {
  let base = ctx.db.selectFrom('help_pages as p');
  if (query) base = base.where('p.path', 'ilike', `%${query.replace(/[\\%_]/g, '\\$&')}%`);
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['p.id', 'p.path'])
    .select([
      sql<string>`coalesce((select t.title from help_page_translations t where t.help_page_id = p.id
        order by t.language_code = 'en' desc, t.language_code limit 1), '')`.as('title'),
      sql<string[]>`coalesce((select array_agg(t.language_code order by t.language_code)
        from help_page_translations t where t.help_page_id = p.id), '{}')`.as('languages'),
    ])
    .orderBy('p.path')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return {
    data: rows,
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      per_page: perPage,
      total,
    },
  };
}

export async function getHelpPage(ctx: MasterContext, id: number): Promise<MasterHelpPage> {
  const page = await ctx.db
    .selectFrom('help_pages')
    .select(['id', 'path'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!page) throw notFound('No such help page.');
  const translations = await ctx.db
    .selectFrom('help_page_translations')
    .select(['language_code', 'title', 'html'])
    .where('help_page_id', '=', id)
    .orderBy('language_code')
    .execute();
  return { ...page, translations };
}

async function checkLanguages(db: Kysely<Database>, body: SaveHelpPageBody): Promise<void> {
  const known = new Set((await db.selectFrom('languages').select('code').execute()).map((row) => row.code));
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  body.translations.forEach((translation, index) => {
    if (!known.has(translation.language_code) || seen.has(translation.language_code))
      errors[`translations.${index}.language_code`] = ['Language code is not valid.'];
    seen.add(translation.language_code);
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/** Creates (id null) or replaces a page: its path and every translation, html sanitised. */
export async function saveHelpPage(
  ctx: MasterContext,
  id: number | null,
  body: SaveHelpPageBody,
): Promise<MasterHelpPage> {
  await checkLanguages(ctx.db, body);
  const path = helpPathOf(body.path);
  const savedId = await ctx.db.transaction().execute(async (tx) => {
    const clash = await tx
      .selectFrom('help_pages')
      .select('id')
      .where('path', '=', path)
      .$if(id !== null, (query) => query.where('id', '<>', id!))
      .executeTakeFirst();
    if (clash) throw unprocessable({ path: [PATH_TAKEN] });
    let pageId = id;
    if (pageId === null) {
      pageId = (await tx.insertInto('help_pages').values({ path }).returning('id').executeTakeFirstOrThrow())
        .id;
    } else {
      const updated = await tx
        .updateTable('help_pages')
        .set({ path })
        .where('id', '=', pageId)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw notFound('No such help page.');
      await tx.deleteFrom('help_page_translations').where('help_page_id', '=', pageId).execute();
    }
    await tx
      .insertInto('help_page_translations')
      .values(
        body.translations.map((translation) => ({
          help_page_id: pageId,
          language_code: translation.language_code,
          title: translation.title.trim(),
          html: sanitizeHelpHtml(translation.html),
        })),
      )
      .execute();
    return pageId;
  });
  return getHelpPage(ctx, savedId);
}

export async function deleteHelpPage(ctx: MasterContext, id: number): Promise<{ message: string }> {
  const deleted = await ctx.db.deleteFrom('help_pages').where('id', '=', id).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw notFound('No such help page.');
  return { message: 'Deleted.' };
}

export async function helpStylesheet(db: Kysely<Database>): Promise<{ css: string }> {
  const row = await db.selectFrom('help_stylesheets').select('css').where('id', '=', 1).executeTakeFirst();
  return { css: row?.css ?? '' };
}

export async function saveHelpStylesheet(ctx: MasterContext, css: string): Promise<{ css: string }> {
  const problem = helpCssProblem(css);
  if (problem) throw unprocessable({ css: [problem] });
  await ctx.db
    .insertInto('help_stylesheets')
    .values({ id: 1, css })
    .onConflict((oc) => oc.column('id').doUpdateSet({ css, updated_at: sql<Date>`now()` }))
    .execute();
  return { css };
}
