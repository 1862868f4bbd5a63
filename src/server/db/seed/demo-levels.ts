import type { Transaction } from 'kysely';
import { storeMap } from '../../modules/maps';
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
  for (const [index, floorId] of floors.entries()) {
    const map = await storeMap(
      tx,
      companyId,
      `Building A – Floor ${index + 1}`,
      Buffer.from(floorPlanSvg(index + 1)),
    );
    await tx
      .updateTable('levels')
      .set({ map_id: map.id })
      .where('company_id', '=', companyId)
      .where('id', '=', floorId)
      .execute();
  }
  const site = await storeMap(tx, companyId, 'Acme HQ – Site plan', Buffer.from(sitePlanSvg()));
  await tx
    .updateTable('levels')
    .set({ map_id: site.id })
    .where('company_id', '=', companyId)
    .where('parent_id', 'is', null)
    .execute();
  return floors;
}

const WIDTH = 1200;
const HEIGHT = 800;

function rect(x: number, y: number, w: number, h: number, fill: string, label?: string): string {
  const text = label
    ? `<text x="${x + w / 2}" y="${y + h / 2}" font-family="sans-serif" font-size="18" text-anchor="middle" dominant-baseline="middle" fill="#333">${label}</text>`
    : '';
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" stroke="#555" stroke-width="3"/>${text}`;
}

/**
 * A simple floor plan: outer walls, a corridor along the middle, offices and meeting rooms on both
 * sides, stairs and toilets at the ends. Each floor differs a little so they can be told apart.
 */
export function floorPlanSvg(floor: number): string {
  const parts: string[] = [rect(20, 20, WIDTH - 40, HEIGHT - 40, '#fafafa')];
  parts.push(rect(20, 360, WIDTH - 40, 80, '#eeeeee', 'Corridor'));
  const rooms = 4 + floor;
  const roomWidth = (WIDTH - 240) / rooms;
  for (let i = 0; i < rooms; i += 1) {
    const x = 140 + i * roomWidth;
    const meeting = (i + floor) % 3 === 0;
    parts.push(
      rect(
        x,
        20,
        roomWidth,
        340,
        meeting ? '#e3f2fd' : '#f1f8e9',
        meeting ? `Meeting ${floor}.${i + 1}` : `Open space ${floor}.${i + 1}`,
      ),
    );
    parts.push(
      rect(x, 440, roomWidth, 340, i % 2 === 0 ? '#f1f8e9' : '#fff8e1', `Office ${floor}.${rooms + i + 1}`),
    );
  }
  parts.push(rect(20, 20, 120, 340, '#ede7f6', 'Stairs'));
  parts.push(rect(20, 440, 120, 340, '#ede7f6', 'Lifts'));
  parts.push(rect(WIDTH - 100, 20, 80, 340, '#fce4ec', 'WC'));
  parts.push(rect(WIDTH - 100, 440, 80, 340, '#fce4ec', 'Kitchen'));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><title>Floor ${floor}</title>${parts.join('')}</svg>`;
}

function sitePlanSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><title>Acme HQ</title>${rect(0, 0, WIDTH, HEIGHT, '#e8f5e9')}${rect(300, 200, 600, 400, '#fafafa', 'Building A')}${rect(60, 640, 400, 120, '#eceff1', 'Parking')}</svg>`;
}
