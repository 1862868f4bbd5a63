import { foldForSearch } from '../../../shared/text/search';
import type { Paginated } from '../../../shared/contract/common';
import type { NameTranslation, NameTranslationsBody } from '../../../shared/contract/resource-types';
import type { FieldErrors } from '../../../shared/validation';
import { checkNameTranslations } from '../../../shared/validation/name-translations';
import type { ServiceContext } from '../../context';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { ReferenceData } from '../../reference';
import {
  countRows,
  deleteRow,
  insertRow,
  isReferenced,
  keysLike,
  keyTaken,
  languagesOf,
  replaceTranslations,
  selectRow,
  selectRows,
  selectTranslations,
  tableExists,
  takenNames,
  updateRow,
  type CatalogueRow,
  type CatalogueTables,
} from './catalogue.queries';
import { pageMeta } from '../../../shared/contract/common';

export const NAME_TAKEN = 'The name has already been taken.';
export const KEY_TAKEN = 'The key has already been taken.';

/**
 * A table (of a later module) whose rows point at a catalogue entry. Deleting an entry that is still
 * pointed at answers 409 with the message; tables that do not exist yet are skipped.
 */
export interface CatalogueReference {
  table: string;
  column: string;
  message: string;
}

export interface CatalogueSpec {
  tables: CatalogueTables;
  /** the key when a name gives none ('type', 'attribute') */
  fallbackKey: string;
  notFoundMessage: string;
  inUseMessage: string;
  references: readonly CatalogueReference[];
}

export interface CatalogueItem {
  id: number;
  key: string;
  icon: string | null;
  name: string;
  translations: NameTranslation[];
  [extra: string]: unknown;
}

export interface CatalogueChange {
  key?: string | undefined;
  icon?: string | null | undefined;
  translations?: NameTranslationsBody | undefined;
  [extra: string]: unknown;
}

/** The same procedures for resource types and resource attributes, each bound to its tables. */
/** Item: the answer's shape; the extra columns of the descriptor fill the fields beyond CatalogueItem. */
export function catalogueService<Item extends CatalogueItem>(spec: CatalogueSpec, reference: ReferenceData) {
  const t = spec.tables;

  async function withTranslations(ctx: ServiceContext, rows: CatalogueRow[]): Promise<Item[]> {
    const translations = await selectTranslations(
      ctx.db,
      t,
      ctx.companyId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      ...(row as Item),
      name: row.name ?? row.key,
      translations: translations
        .filter((translation) => translation.owner_id === row.id)
        .map(({ language_id, locale, name }) => ({ language_id, locale, name })),
    }));
  }

  /** Checks the names: known languages, each once, the company's language named, no name taken. */
  async function checkNames(
    ctx: ServiceContext,
    names: NameTranslationsBody,
    exceptId: number | undefined,
    errors: FieldErrors,
    known: ReadonlySet<number>,
  ) {
    const company = (await languagesOf(ctx.db, ctx.companyId, ctx.userId)).company;
    const kept = checkNameTranslations(names, company, known, errors);
    const taken = await takenNames(ctx.db, t, ctx.companyId, kept, exceptId);
    for (const entry of kept) {
      const clash = taken.some(
        (row) => row.language_id === entry.language_id && row.name.toLowerCase() === entry.name.toLowerCase(),
      );
      if (clash) errors[`translations.${entry.index}.name`] = [NAME_TAKEN];
    }
    return { kept, companyLanguage: company };
  }

  async function freeKeyFrom(ctx: ServiceContext, name: string): Promise<string> {
    const base =
      foldForSearch(name)
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 56)
        .replace(/-+$/, '') || spec.fallbackKey;
    const used = await keysLike(ctx.db, t, ctx.companyId, base);
    if (!used.has(base)) return base;
    for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  // Read before a transaction opens: on PGlite's one connection a read outside it would wait forever.
  async function knownLanguages(): Promise<ReadonlySet<number>> {
    const { languages } = await reference.referenceLists();
    return new Set(languages.map((language) => language.id));
  }

  async function get(ctx: ServiceContext, id: number): Promise<Item> {
    const languages = await languagesOf(ctx.db, ctx.companyId, ctx.userId);
    const row = await selectRow(ctx.db, t, ctx.companyId, languages, id);
    if (!row) throw notFound(spec.notFoundMessage);
    return (await withTranslations(ctx, [row]))[0]!;
  }

  return {
    async list(
      ctx: ServiceContext,
      { query, page, per_page }: { query?: string | undefined; page: number; per_page: number },
    ): Promise<Paginated<Item>> {
      const languages = await languagesOf(ctx.db, ctx.companyId, ctx.userId);
      const total = await countRows(ctx.db, t, ctx.companyId, query);
      const rows = await selectRows(ctx.db, t, ctx.companyId, languages, {
        query,
        limit: per_page,
        offset: (page - 1) * per_page,
      });
      return {
        data: await withTranslations(ctx, rows),
        meta: pageMeta(page, per_page, total),
      };
    },

    /** Every entry, for pickers. */
    async all(ctx: ServiceContext): Promise<{ data: Item[] }> {
      const languages = await languagesOf(ctx.db, ctx.companyId, ctx.userId);
      const rows = await selectRows(ctx.db, t, ctx.companyId, languages, { limit: null });
      return { data: await withTranslations(ctx, rows) };
    },

    get,

    /** One transaction: the row and its names are written together or not at all. */
    async create(ctx: ServiceContext, body: CatalogueChange & { translations: NameTranslationsBody }) {
      const known = await knownLanguages();
      const id = await racing(
        ctx.db.transaction().execute(async (db) => {
          const tx = { ...ctx, db };
          const errors: FieldErrors = {};
          const { kept, companyLanguage } = await checkNames(tx, body.translations, undefined, errors, known);
          if (body.key !== undefined && (await keyTaken(db, t, ctx.companyId, body.key)))
            errors['key'] = [KEY_TAKEN];
          if (Object.keys(errors).length > 0) throw unprocessable(errors);
          const { translations: _names, key, ...rest } = body;
          const own = kept.find((entry) => entry.language_id === companyLanguage)!;
          const id = await insertRow(db, t, ctx.companyId, {
            ...rest,
            key: key ?? (await freeKeyFrom(tx, own.name)),
          });
          await replaceTranslations(db, t, ctx.companyId, id, kept);
          return id;
        }),
      );
      return get(ctx, id);
    },

    async update(ctx: ServiceContext, id: number, body: CatalogueChange) {
      const known = await knownLanguages();
      await racing(
        ctx.db.transaction().execute(async (db) => {
          const tx = { ...ctx, db };
          const languages = await languagesOf(db, ctx.companyId, ctx.userId);
          if (!(await selectRow(db, t, ctx.companyId, languages, id))) throw notFound(spec.notFoundMessage);
          const errors: FieldErrors = {};
          const names = body.translations ? await checkNames(tx, body.translations, id, errors, known) : null;
          if (body.key !== undefined && (await keyTaken(db, t, ctx.companyId, body.key, id)))
            errors['key'] = [KEY_TAKEN];
          if (Object.keys(errors).length > 0) throw unprocessable(errors);
          const { translations: _names, ...rest } = body;
          const change = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
          await updateRow(db, t, ctx.companyId, id, change);
          if (names) await replaceTranslations(db, t, ctx.companyId, id, names.kept);
        }),
      );
      return get(ctx, id);
    },

    async remove(ctx: ServiceContext, id: number): Promise<{ message: string }> {
      try {
        await ctx.db.transaction().execute(async (db) => {
          for (const ref of spec.references) {
            const used =
              (await tableExists(db, ref.table)) &&
              (await isReferenced(db, ref.table, ref.column, ctx.companyId, id));
            if (used) throw conflict(ref.message);
          }
          if (!(await deleteRow(db, t, ctx.companyId, id))) throw notFound(spec.notFoundMessage);
        });
      } catch (error) {
        // A referencing table with a foreign key but no entry in spec.references still refuses.
        if (pgCode(error) === '23503') throw conflict(spec.inUseMessage);
        throw error;
      }
      return { message: 'Deleted.' };
    },
  };
}

/**
 * Two requests naming the same key or name at once: the checks above both pass, the unique index
 * refuses the second. It gets the 422 it would have got a moment later.
 */
async function racing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (pgCode(error) !== '23505') throw error;
    const constraint = String((error as { constraint?: unknown }).constraint ?? '');
    throw unprocessable(constraint.endsWith('_key') ? { key: [KEY_TAKEN] } : { translations: [NAME_TAKEN] });
  }
}

function pgCode(error: unknown): string | undefined {
  return error !== null && typeof error === 'object' && 'code' in error ? String(error.code) : undefined;
}

export type CatalogueService = ReturnType<typeof catalogueService>;
