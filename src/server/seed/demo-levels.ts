import type { Transaction } from 'kysely';
import { storeMap } from '../modules/maps';
import type { Database } from '../db/schema';

type Names = Record<'en' | 'fr' | 'de', string>;

interface DemoLevel {
  kind: 'site' | 'building' | 'floor' | 'zone';
  names: Names;
  declarable: boolean;
  /** The plan auto-selects the default level, and only declarable levels can be selected. */
  isDefault?: boolean;
  children?: DemoLevel[];
}

interface DemoTree {
  timezone: string;
  country: string;
  root: DemoLevel;
}

/**
 * Issue 4 demo data: acme's site with a building of three floors and a parking zone (each
 * declarable); globex gets one small site so tenant tests find data on both sides.
 */
const TREES: Record<string, DemoTree> = {
  acme: {
    timezone: 'Europe/Zurich',
    country: 'CH',
    root: {
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
            isDefault: floor === 1,
          })),
        },
        // No plan of its own: its spaces are placed on the site plan (the nearest ancestor's).
        { kind: 'zone', names: { en: 'Parking', fr: 'Parking', de: 'Parkplatz' }, declarable: true },
      ],
    },
  },
  globex: {
    timezone: 'America/New_York',
    country: 'US',
    root: {
      kind: 'site',
      names: { en: 'Globex Tower', fr: 'Tour Globex', de: 'Globex Turm' },
      declarable: false,
      children: [
        {
          kind: 'floor',
          names: { en: 'Floor 12', fr: 'Étage 12', de: 'Etage 12' },
          declarable: true,
          isDefault: true,
        },
      ],
    },
  },
};

/**
 * The demo company's levels, written inside the demo seed's transaction (an empty database only).
 * Acme's floors and site get their plans. Answers the ids of the floors, top down.
 */
export async function seedDemoLevels(
  tx: Transaction<Database>,
  companyId: number,
  subdomain: string,
): Promise<number[]> {
  const tree = TREES[subdomain];
  if (!tree) return [];
  const languages = await tx
    .selectFrom('languages')
    .select(['id', 'code'])
    .where('code', 'in', ['en', 'fr', 'de'])
    .execute();
  const { id: countryId } = await tx
    .selectFrom('countries')
    .select('id')
    .where('code', '=', tree.country)
    .executeTakeFirstOrThrow();
  const floors: number[] = [];
  const insert = async (level: DemoLevel, parentId: number | null, position: number) => {
    const { id } = await tx
      .insertInto('levels')
      .values({
        company_id: companyId,
        parent_id: parentId,
        kind: level.kind,
        timezone: tree.timezone,
        country_id: countryId,
        working_hours_from: '07:00',
        working_hours_to: '19:00',
        is_declarable: level.declarable,
        is_directly_declarable: false,
        is_default: level.isDefault ?? false,
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
  await insert(tree.root, null, 0);
  if (subdomain !== 'acme') return floors;
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

export const PLAN_WIDTH = 1200;
export const PLAN_HEIGHT = 800;

/** A rectangle on a plan, in the plan's pixels. */
export interface PlanRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the demo resources of a floor are drawn; the seed places them at the same spots. */
export interface FloorLayout {
  /** the meeting rooms, named as the plan labels them (the rooms' English names) */
  meetingRooms: Array<PlanRect & { name: string }>;
  /** the desks in the open spaces, left to right, each block back row first */
  desks: PlanRect[];
  /** lockers along the corridor wall (floor 1 only) */
  lockers: PlanRect[];
}

/** The meeting rooms of each floor, in the order the plan draws them. */
const MEETING_ROOMS: Record<number, readonly string[]> = {
  1: ['Matterhorn'],
  2: ['Eiger', 'Jungfrau'],
  3: ['Mönch', 'Pilatus', 'Säntis'],
};
const DESK = { width: 44, height: 30 };
const LOCKER = { width: 24, height: 24 };

/**
 * A simple floor plan: outer walls, a corridor along the middle, open spaces and meeting rooms
 * above it, offices below, stairs and toilets at the ends. Each floor has one more room than the
 * one below, so they can be told apart; the top floor's narrower open spaces hold one pair of
 * desks instead of two.
 */
export function floorLayout(floor: number): FloorLayout & {
  openSpaces: Array<PlanRect & { label: string }>;
  offices: Array<PlanRect & { label: string }>;
} {
  const rooms = 4 + floor;
  const roomWidth = (PLAN_WIDTH - 240) / rooms;
  const names = [...(MEETING_ROOMS[floor] ?? [])];
  const layout: ReturnType<typeof floorLayout> = {
    meetingRooms: [],
    desks: [],
    lockers: [],
    openSpaces: [],
    offices: [],
  };
  for (let i = 0; i < rooms; i += 1) {
    const x = 140 + i * roomWidth;
    const top = { x, y: 20, width: roomWidth, height: 340 };
    if ((i + floor) % 3 === 0) {
      layout.meetingRooms.push({ ...top, name: names.shift() ?? `Meeting ${floor}.${i + 1}` });
    } else {
      layout.openSpaces.push({ ...top, label: `Open space ${floor}.${i + 1}` });
      // Desks in facing pairs near the window wall, clear of the room's label in the middle.
      const centre = Math.round(x + roomWidth / 2);
      const rows = floor === 3 ? 1 : 2;
      for (let row = 0; row < rows; row += 1)
        for (const left of [centre - DESK.width - 1, centre + 1])
          layout.desks.push({ x: left, y: 60 + row * DESK.height, ...DESK });
    }
    layout.offices.push({
      x,
      y: 440,
      width: roomWidth,
      height: 340,
      label: `Office ${floor}.${rooms + i + 1}`,
    });
  }
  if (floor === 1) for (let i = 0; i < 8; i += 1) layout.lockers.push({ x: 900 + i * 28, y: 366, ...LOCKER });
  return layout;
}

/** The centre of a rectangle as fractions of the plan (how resources store their position). */
export function planPosition(area: PlanRect): { map_x: number; map_y: number } {
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return {
    map_x: round((area.x + area.width / 2) / PLAN_WIDTH),
    map_y: round((area.y + area.height / 2) / PLAN_HEIGHT),
  };
}

function rect(x: number, y: number, w: number, h: number, fill: string, label?: string): string {
  const text = label
    ? `<text x="${x + w / 2}" y="${y + h / 2}" font-family="sans-serif" font-size="18" text-anchor="middle" dominant-baseline="middle" fill="#333">${label}</text>`
    : '';
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" stroke="#555" stroke-width="3"/>${text}`;
}

/** A piece of furniture: thin outline, no label (the plan screen draws the resource's name). */
function furniture(area: PlanRect, fill: string): string {
  return `<rect x="${area.x}" y="${area.y}" width="${area.width}" height="${area.height}" fill="${fill}" stroke="#78909c"/>`;
}

export function floorPlanSvg(floor: number): string {
  const layout = floorLayout(floor);
  const parts: string[] = [rect(20, 20, PLAN_WIDTH - 40, PLAN_HEIGHT - 40, '#fafafa')];
  parts.push(rect(20, 360, PLAN_WIDTH - 40, 80, '#eeeeee', 'Corridor'));
  for (const room of layout.meetingRooms)
    parts.push(rect(room.x, room.y, room.width, room.height, '#e3f2fd', room.name));
  for (const space of layout.openSpaces)
    parts.push(rect(space.x, space.y, space.width, space.height, '#f1f8e9', space.label));
  for (const [i, office] of layout.offices.entries())
    parts.push(
      rect(
        office.x,
        office.y,
        office.width,
        office.height,
        i % 2 === 0 ? '#f1f8e9' : '#fff8e1',
        office.label,
      ),
    );
  parts.push(rect(20, 20, 120, 340, '#ede7f6', 'Stairs'));
  parts.push(rect(20, 440, 120, 340, '#ede7f6', 'Lifts'));
  parts.push(rect(PLAN_WIDTH - 100, 20, 80, 340, '#fce4ec', 'WC'));
  parts.push(rect(PLAN_WIDTH - 100, 440, 80, 340, '#fce4ec', 'Kitchen'));
  for (const desk of layout.desks) parts.push(furniture(desk, '#ffffff'));
  for (const locker of layout.lockers) parts.push(furniture(locker, '#cfd8dc'));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PLAN_WIDTH}" height="${PLAN_HEIGHT}" viewBox="0 0 ${PLAN_WIDTH} ${PLAN_HEIGHT}"><title>Floor ${floor}</title>${parts.join('')}</svg>`;
}

/** The site plan's car park: ten numbered bays and a shared visitor area. */
export function parkingLayout(): { bays: PlanRect[]; visitors: PlanRect } {
  const bays = Array.from({ length: 10 }, (_, i) => ({ x: 60 + i * 44, y: 645, width: 40, height: 120 }));
  return { bays, visitors: { x: 516, y: 645, width: 104, height: 120 } };
}

function sitePlanSvg(): string {
  const parking = parkingLayout();
  const parts = [
    rect(0, 0, PLAN_WIDTH, PLAN_HEIGHT, '#e8f5e9'),
    rect(300, 200, 600, 400, '#fafafa', 'Building A'),
    rect(40, 610, 600, 175, '#eceff1'),
    `<text x="340" y="630" font-family="sans-serif" font-size="18" text-anchor="middle" dominant-baseline="middle" fill="#333">Parking</text>`,
    ...parking.bays.map((bay) => furniture(bay, '#ffffff')),
    rect(
      parking.visitors.x,
      parking.visitors.y,
      parking.visitors.width,
      parking.visitors.height,
      '#fff3e0',
      'Visitors',
    ),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PLAN_WIDTH}" height="${PLAN_HEIGHT}" viewBox="0 0 ${PLAN_WIDTH} ${PLAN_HEIGHT}"><title>Acme HQ</title>${parts.join('')}</svg>`;
}
