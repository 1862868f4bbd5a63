import { sql, type Kysely } from 'kysely';
import type {
  AddLabelBody,
  ImportTranslationsBody,
  ImportTranslationsResult,
  MasterLabel,
  SaveLabelTranslationsBody,
} from '../../../shared/contract/translations';
import type { FieldErrors } from '../../../shared/validation';
import type { MasterContext } from '../../context';
import type { Database } from '../../db/schema';
import { notFound, unprocessable } from '../../http/errors';
import type { ReferenceData } from '../../reference';

const section = (code: string) => code.split('.')[0] ?? '';
const pageOf = (code: string) => code.split('.')[1] ?? '';

function labels(db: Kysely<Database>) {
  return db
    .selectFrom('labels as l')
    .select(['l.id', 'l.code'])
    .select(
      sql<Record<string, string>>`coalesce((select json_object_agg(t.language_code, t.content)
        from label_translations t where t.label_id = l.id), '{}'::json)`.as('translations'),
    );
}

const shaped = (row: { id: number; code: string; translations: Record<string, string> }): MasterLabel => ({
  ...row,
  section: section(row.code),
  page: pageOf(row.code),
});

async function languageCodes(db: Kysely<Database>): Promise<Set<string>> {
  return new Set((await db.selectFrom('languages').select('code').execute()).map((row) => row.code));
}

function checkLanguages(known: Set<string>, translations: Record<string, string>): void {
  const errors: FieldErrors = {};
  for (const code of Object.keys(translations))
    if (!known.has(code)) errors[`translations.${code}`] = ['Language code is not valid.'];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/**
 * The translations of the master area. Every change empties the labels cache here and in every
 * other process (reference_changed), so the next sign-in or reload shows it: no restart.
 */
export function translationsService(reference: ReferenceData) {
  const changed = async (db: Kysely<Database>) => {
    reference.invalidate();
    await sql`select pg_notify('reference_changed', '')`.execute(db);
  };
  const get = async (ctx: MasterContext, id: number) => {
    const row = await labels(ctx.db).where('l.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('No such label.');
    return shaped(row);
  };

  return {
    get,

    async list(
      ctx: MasterContext,
      query: {
        page: number;
        per_page: number;
        section?: string;
        label_page?: string;
        query?: string;
        missing?: string;
      },
    ) {
      let base = ctx.db.selectFrom('labels as l');
      if (query.section) base = base.where('l.code', 'like', `${query.section.replace(/[\\%_]/g, '\\$&')}.%`);
      if (query.section && query.label_page) {
        const prefix = `${query.section}.${query.label_page}`;
        base = base.where((eb) =>
          eb.or([eb('l.code', '=', prefix), eb('l.code', 'like', `${prefix.replace(/[\\%_]/g, '\\$&')}.%`)]),
        );
      }
      if (query.query) {
        const like = `%${query.query.replace(/[\\%_]/g, '\\$&')}%`;
        base = base.where((eb) =>
          eb.or([
            eb('l.code', 'ilike', like),
            eb.exists(
              eb
                .selectFrom('label_translations as t')
                .select(sql`1`.as('one'))
                .whereRef('t.label_id', '=', 'l.id')
                .where('t.content', 'ilike', like),
            ),
          ]),
        );
      }
      if (query.missing)
        base = base.where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('label_translations as t')
                .select(sql`1`.as('one'))
                .whereRef('t.label_id', '=', 'l.id')
                .where('t.language_code', '=', query.missing!),
            ),
          ),
        );
      const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
      const rows = await base
        .select(['l.id', 'l.code'])
        .select(
          sql<Record<string, string>>`coalesce((select json_object_agg(t.language_code, t.content)
            from label_translations t where t.label_id = l.id), '{}'::json)`.as('translations'),
        )
        .orderBy('l.code')
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page)
        .execute();
      return {
        data: rows.map(shaped),
        meta: {
          current_page: query.page,
          last_page: Math.max(1, Math.ceil(total / query.per_page)),
          per_page: query.per_page,
          total,
        },
      };
    },

    async sections(ctx: MasterContext) {
      const codes = await ctx.db.selectFrom('labels').select('code').orderBy('code').execute();
      const bySection = new Map<string, { pages: Set<string>; count: number }>();
      for (const { code } of codes) {
        const entry = bySection.get(section(code)) ?? { pages: new Set<string>(), count: 0 };
        if (pageOf(code)) entry.pages.add(pageOf(code));
        entry.count += 1;
        bySection.set(section(code), entry);
      }
      return {
        data: [...bySection].map(([name, entry]) => ({
          section: name,
          pages: [...entry.pages].sort(),
          count: entry.count,
        })),
      };
    },

    async save(ctx: MasterContext, id: number, body: SaveLabelTranslationsBody): Promise<MasterLabel> {
      await get(ctx, id);
      checkLanguages(await languageCodes(ctx.db), body.translations);
      await ctx.db.transaction().execute(async (tx) => {
        for (const [language_code, raw] of Object.entries(body.translations)) {
          const content = raw.trim();
          if (!content) {
            await tx
              .deleteFrom('label_translations')
              .where('label_id', '=', id)
              .where('language_code', '=', language_code)
              .execute();
            continue;
          }
          await tx
            .insertInto('label_translations')
            .values({ label_id: id, language_code, content })
            .onConflict((oc) => oc.columns(['label_id', 'language_code']).doUpdateSet({ content }))
            .execute();
        }
      });
      await changed(ctx.db);
      return get(ctx, id);
    },

    async add(ctx: MasterContext, body: AddLabelBody): Promise<MasterLabel> {
      checkLanguages(await languageCodes(ctx.db), body.translations);
      if (!body.translations['en']?.trim())
        throw unprocessable({ 'translations.en': ['This field is required.'] });
      const id = await ctx.db.transaction().execute(async (tx) => {
        const label = await tx
          .insertInto('labels')
          .values({ code: body.code })
          .onConflict((oc) => oc.column('code').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!label) throw unprocessable({ code: ['This code is already used.'] });
        const rows = Object.entries(body.translations)
          .filter(([, content]) => content.trim())
          .map(([language_code, content]) => ({
            label_id: label.id,
            language_code,
            content: content.trim(),
          }));
        await tx.insertInto('label_translations').values(rows).execute();
        return label.id;
      });
      await changed(ctx.db);
      return get(ctx, id);
    },

    /** The i18next JSON file of one language: flat keys, every label that has a translation in it. */
    async exportFile(ctx: MasterContext, languageCode: string): Promise<Record<string, string>> {
      if (!(await languageCodes(ctx.db)).has(languageCode))
        throw unprocessable({ language_code: ['Language code is not valid.'] });
      const rows = await ctx.db
        .selectFrom('labels as l')
        .innerJoin('label_translations as t', 't.label_id', 'l.id')
        .select(['l.code', 't.content'])
        .where('t.language_code', '=', languageCode)
        .orderBy('l.code')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.code, row.content]));
    },

    async importFile(ctx: MasterContext, body: ImportTranslationsBody): Promise<ImportTranslationsResult> {
      if (!(await languageCodes(ctx.db)).has(body.language_code))
        throw unprocessable({ language_code: ['Language code is not valid.'] });
      const result: ImportTranslationsResult = { updated: 0, added: 0, unchanged: 0, unknown: [] };
      await ctx.db.transaction().execute(async (tx) => {
        const known = new Map(
          (
            await tx
              .selectFrom('labels as l')
              .leftJoin('label_translations as t', (join) =>
                join.onRef('t.label_id', '=', 'l.id').on('t.language_code', '=', body.language_code),
              )
              .select(['l.id', 'l.code', 't.content'])
              .execute()
          ).map((row) => [row.code, row]),
        );
        for (const [code, raw] of Object.entries(body.labels)) {
          const label = known.get(code);
          const content = raw.trim();
          if (!label) {
            result.unknown.push(code);
            continue;
          }
          if (!content || content === label.content) {
            result.unchanged += 1;
            continue;
          }
          await tx
            .insertInto('label_translations')
            .values({ label_id: label.id, language_code: body.language_code, content })
            .onConflict((oc) => oc.columns(['label_id', 'language_code']).doUpdateSet({ content }))
            .execute();
          if (label.content === null) result.added += 1;
          else result.updated += 1;
        }
      });
      if (result.updated + result.added > 0) await changed(ctx.db);
      return result;
    },
  };
}
