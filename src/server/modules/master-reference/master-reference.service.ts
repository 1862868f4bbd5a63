import { sql } from 'kysely';
import type { ReferenceBody, ReferenceKind, ReferenceRow } from '../../../shared/contract/master-reference';
import type { MasterContext } from '../../context';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { ReferenceData } from '../../reference';
import { listReference, REFERENCE_TABLES } from './master-reference.queries';

const SINGULAR: Record<ReferenceKind, string> = {
  countries: 'country',
  currencies: 'currency',
  languages: 'language',
  'data-regions': 'data region',
  'company-types': 'company type',
};
const CODE_TAKEN = 'This code is already used.';

const pgCode = (error: unknown) =>
  error !== null && typeof error === 'object' && 'code' in error ? String(error.code) : undefined;

/**
 * The master area's reference lists. Every change empties the reference cache of this process and
 * announces it (reference_changed) to the others, so pickers everywhere show it on their next load.
 */
export function masterReferenceService(reference: ReferenceData) {
  const changed = async (ctx: MasterContext) => {
    reference.invalidate();
    await sql`select pg_notify('reference_changed', '')`.execute(ctx.db);
  };

  const get = async (ctx: MasterContext, kind: ReferenceKind, id: number): Promise<ReferenceRow> => {
    const [row] = await listReference(ctx.db, kind, id);
    if (!row) throw notFound(`No such ${SINGULAR[kind]}.`);
    return row;
  };

  const columnsOf = (kind: ReferenceKind, body: Partial<ReferenceBody>) => {
    const columns = ['code', 'name', ...REFERENCE_TABLES[kind].extra] as const;
    return columns.flatMap((column) => {
      const value = body[column];
      return value === undefined ? [] : [[column, value.trim()] as const];
    });
  };

  const refusingTaken = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } catch (error) {
      if (pgCode(error) === '23505') throw unprocessable({ code: [CODE_TAKEN] });
      // A language's code is what its translations point at: renaming a code in use is refused.
      if (pgCode(error) === '23503') throw conflict('This code is in use and cannot change.');
      throw error;
    }
  };

  return {
    list: async (ctx: MasterContext, kind: ReferenceKind) => ({ data: await listReference(ctx.db, kind) }),
    get,

    async create(ctx: MasterContext, kind: ReferenceKind, body: ReferenceBody): Promise<ReferenceRow> {
      const columns = columnsOf(kind, body);
      const { rows } = await refusingTaken(
        sql<{ id: number }>`insert into ${sql.table(REFERENCE_TABLES[kind].table)}
          (${sql.join(columns.map(([column]) => sql.ref(column)))})
          values (${sql.join(columns.map(([, value]) => value))}) returning id`.execute(ctx.db),
      );
      await changed(ctx);
      return get(ctx, kind, rows[0]!.id);
    },

    async update(
      ctx: MasterContext,
      kind: ReferenceKind,
      id: number,
      body: ReferenceBody,
    ): Promise<ReferenceRow> {
      await get(ctx, kind, id);
      const columns = columnsOf(kind, body);
      await refusingTaken(
        sql`update ${sql.table(REFERENCE_TABLES[kind].table)}
          set ${sql.join(columns.map(([column, value]) => sql`${sql.ref(column)} = ${value}`))}
          where id = ${id}`.execute(ctx.db),
      );
      await changed(ctx);
      return get(ctx, kind, id);
    },

    /** Refused with the reason while anything points at the row; the foreign keys refuse too. */
    async remove(ctx: MasterContext, kind: ReferenceKind, id: number): Promise<{ message: string }> {
      const row = await get(ctx, kind, id);
      if (row.in_use > 0) throw conflict(await inUseReason(ctx, kind, row));
      try {
        await sql`delete from ${sql.table(REFERENCE_TABLES[kind].table)} where id = ${id}`.execute(ctx.db);
      } catch (error) {
        if (pgCode(error) === '23503') throw conflict(await inUseReason(ctx, kind, row));
        throw error;
      }
      await changed(ctx);
      return { message: 'Deleted.' };
    },
  };
}

async function inUseReason(ctx: MasterContext, kind: ReferenceKind, row: ReferenceRow): Promise<string> {
  const users: string[] = [];
  for (const [table, column, key] of REFERENCE_TABLES[kind].usedBy) {
    const value = key === 'id' ? row.id : row.code;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}
      where ${sql.ref(column)} = ${value}`.execute(ctx.db);
    if (rows[0]!.n > 0) users.push(`${rows[0]!.n} ${table.replace(/_/g, ' ')}`);
  }
  const what = users.length > 0 ? users.join(', ') : 'other records';
  return `This ${SINGULAR[kind]} is in use (${what}) and cannot be deleted.`;
}
