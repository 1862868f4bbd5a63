import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReferenceKind } from '../../../shared/contract/master-reference';
import type { Database } from '../../db/schema';

type Table = 'countries' | 'currencies' | 'languages' | 'data_regions' | 'company_types';

/** The table of each kind, and the columns that point at its rows (what "in use" counts). */
export const REFERENCE_TABLES: Record<
  ReferenceKind,
  {
    table: Table;
    extra: readonly ('locale' | 'symbol')[];
    usedBy: readonly [string, string, 'id' | 'code'][];
  }
> = {
  countries: {
    table: 'countries',
    extra: [],
    usedBy: [
      ['companies', 'country_id', 'id'],
      ['users', 'country_id', 'id'],
      ['levels', 'country_id', 'id'],
    ],
  },
  currencies: {
    table: 'currencies',
    extra: ['symbol'],
    usedBy: [
      ['companies', 'currency_id', 'id'],
      ['resource_functions', 'currency_id', 'id'],
      ['declarations', 'currency_id', 'id'],
    ],
  },
  languages: {
    table: 'languages',
    extra: ['locale'],
    usedBy: [
      ['companies', 'language_id', 'id'],
      ['users', 'language_id', 'id'],
      ['label_translations', 'language_code', 'code'],
      ['help_page_translations', 'language_code', 'code'],
      ['company_document_translations', 'language_code', 'code'],
      ['level_translations', 'language_id', 'id'],
      ['resource_translations', 'language_id', 'id'],
      ['resource_type_translations', 'language_id', 'id'],
      ['resource_attribute_translations', 'language_id', 'id'],
      ['resource_functions', 'language_id', 'id'],
    ],
  },
  'data-regions': { table: 'data_regions', extra: [], usedBy: [['companies', 'data_region_id', 'id']] },
  'company-types': { table: 'company_types', extra: [], usedBy: [['companies', 'company_type_id', 'id']] },
};

function inUse(kind: ReferenceKind): RawBuilder<number> {
  const { usedBy } = REFERENCE_TABLES[kind];
  const counts = usedBy.map(
    ([table, column, key]) =>
      sql`(select count(*) from ${sql.table(table)} u where u.${sql.ref(column)} = r.${sql.ref(key)})`,
  );
  return sql<number>`(${sql.join(counts, sql` + `)})::int`;
}

export async function listReference(db: Kysely<Database>, kind: ReferenceKind, id?: number) {
  const { table, extra } = REFERENCE_TABLES[kind];
  let query = db
    .selectFrom(`${table} as r` as 'countries as r')
    .select(['r.id', 'r.code', 'r.name'])
    .select(extra.map((column) => sql<string>`r.${sql.ref(column)}`.as(column)))
    .select(inUse(kind).as('in_use'))
    .orderBy('r.name');
  if (id !== undefined) query = query.where('r.id', '=', id);
  return (await query.execute()) as Array<{
    id: number;
    code: string;
    name: string;
    in_use: number;
    locale?: string;
    symbol?: string;
  }>;
}
