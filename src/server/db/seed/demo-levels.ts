import type { Transaction } from 'kysely';
import type { Database } from '../schema';

type Names = Record<'en' | 'fr' | 'de', string>;

interface DemoLevel {
  kind: 'site' | 'building' | 'floor';
  names: Names;
  declarable: boolean;
  children?: DemoLevel[];
}

/** Issue 4 demo data: one site, one building, three floors (each declarable). */
const ACME_TREE: DemoLevel = {
  kind: 'site',
  names: { en: 'Acme HQ', fr: 'Siège Acme', de: 'Acme Hauptsitz' },
  declarable: false,
  children: [
    {
      kind: 'building',
      names: { en: 'Building A', fr: 'Bâtiment A', de: 'Gebäude A' },
      declarable: false,
      children: [1, 2, 3].map((floor) => ({
        kind: 'floor' as const,
        names: { en: `Floor ${floor}`, fr: `Étage ${floor}`, de: `Etage ${floor}` },
        declarable: true,
      })),
    },
  ],
};

/**
 * The demo company's levels, written inside the demo seed's transaction (an empty database only).
 * Answers the ids of the floors, top down, so floor plans can be attached to them.
 */
export async function seedDemoLevels(
  tx: Transaction<Database>,
  companyId: number,
  subdomain: string,
): Promise<number[]> {
  if (subdomain !== 'acme') return [];
  const languages = await tx
    .selectFrom('languages')
    .select(['id', 'code'])
    .where('code', 'in', ['en', 'fr', 'de'])
    .execute();
  const floors: number[] = [];
  const insert = async (level: DemoLevel, parentId: number | null, position: number) => {
    const { id } = await tx
      .insertInto('levels')
      .values({
        company_id: companyId,
        parent_id: parentId,
        kind: level.kind,
        timezone: 'Europe/Zurich',
        country_id: (
          await tx.selectFrom('countries').select('id').where('code', '=', 'CH').executeTakeFirstOrThrow()
        ).id,
        working_hours_from: '07:00',
        working_hours_to: '19:00',
        is_declarable: level.declarable,
        is_directly_declarable: false,
        // The plan auto-selects the default level, and only declarable levels can be selected.
        is_default: level.names.en === 'Floor 1',
        position,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('level_translations')
      .values(
        languages.map((language) => ({
          company_id: companyId,
          level_id: id,
          language_id: language.id,
          name: level.names[language.code as keyof Names],
        })),
      )
      .execute();
    if (level.kind === 'floor') floors.push(id);
    for (const [index, child] of (level.children ?? []).entries()) await insert(child, id, index);
  };
  await insert(ACME_TREE, null, 0);
  return floors;
}
