import type { Transaction } from 'kysely';
import { RESOURCE_IMAGE_MAX_BYTES } from '../../shared/contract/resources';
import { foldForSearch } from '../../shared/text/search';
import { acceptImage } from '../modules/maps';
import type { Database } from '../db/schema';
import { floorLayout, parkingLayout, planPosition } from './demo-levels';

type Names = Readonly<Record<'en' | 'fr' | 'de', string>>;

/** One demo resource, before it knows its ids. */
interface DemoResource {
  level: string;
  type: string;
  names: Names;
  capacity?: number;
  shared?: boolean;
  email?: string;
  description?: string;
  attributes?: readonly string[];
  position?: { map_x: number; map_y: number };
  /** an SVG for the info card */
  picture?: string;
  /** bookable Monday to Friday between these times only, e.g. ['07:00', '19:00'] */
  hours?: readonly [string, string];
}

interface DemoRoom {
  /** as the floor plan labels it */
  plan: string;
  floor: number;
  names: Names;
  capacity: number;
  attributes: readonly string[];
  hours?: readonly [string, string];
}

// Capacities 2 to 20; each has a mailbox room-<name>@acme.test (Outlook add-in, connectors).
const ROOMS: readonly DemoRoom[] = [
  {
    plan: 'Matterhorn',
    floor: 1,
    names: { en: 'Matterhorn', fr: 'Cervin', de: 'Matterhorn' },
    capacity: 20,
    attributes: ['video-conferencing', 'wheelchair-access', 'whiteboard'],
    hours: ['07:00', '19:00'],
  },
  {
    plan: 'Eiger',
    floor: 2,
    names: { en: 'Eiger', fr: 'Eiger', de: 'Eiger' },
    capacity: 8,
    attributes: ['video-conferencing', 'whiteboard'],
    hours: ['07:00', '19:00'],
  },
  {
    plan: 'Jungfrau',
    floor: 2,
    names: { en: 'Jungfrau', fr: 'Jungfrau', de: 'Jungfrau' },
    capacity: 12,
    attributes: ['video-conferencing', 'wheelchair-access'],
    hours: ['07:00', '19:00'],
  },
  {
    plan: 'Mönch',
    floor: 3,
    names: { en: 'Mönch', fr: 'Moine', de: 'Mönch' },
    capacity: 2,
    attributes: [],
  },
  {
    plan: 'Pilatus',
    floor: 3,
    names: { en: 'Pilatus', fr: 'Pilate', de: 'Pilatus' },
    capacity: 4,
    attributes: ['whiteboard'],
  },
  {
    plan: 'Säntis',
    floor: 3,
    names: { en: 'Säntis', fr: 'Säntis', de: 'Säntis' },
    capacity: 6,
    attributes: ['video-conferencing', 'wheelchair-access'],
    hours: ['08:00', '18:00'],
  },
];

const mailbox = (name: string) =>
  `room-${name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, (mark) => (mark === '\u0308' ? 'e' : ''))
    .toLowerCase()}@acme.test`;

/** Most desks have a monitor; docking stations, standing desks and step-free places vary. */
function deskAttributes(floor: number, index: number): string[] {
  const attributes: string[] = [];
  if (index % 4 !== 3) attributes.push('monitor');
  if (index % 2 === 0) attributes.push('docking-station');
  if (index % 4 === 0) attributes.push('standing-desk');
  if (floor === 1 && index < 2) attributes.push('wheelchair-access');
  return attributes;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A meeting room's picture: its table from above, with one chair per seat. */
function roomPictureSvg(seats: number): string {
  const top = Math.ceil(seats / 2);
  const tableWidth = Math.max(80, top * 34);
  const left = (400 - tableWidth) / 2;
  const chairs = Array.from({ length: seats }, (_, seat) => {
    const side = seat < top ? 0 : 1;
    const index = side === 0 ? seat : seat - top;
    const perSide = side === 0 ? top : seats - top;
    const x = 200 + (index - (perSide - 1) / 2) * 34;
    return `<circle cx="${x}" cy="${side === 0 ? 105 : 195}" r="12" fill="#90a4ae"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300"><rect width="400" height="300" fill="#e3f2fd"/>${chairs.join('')}<rect x="${left}" y="120" width="${tableWidth}" height="60" rx="12" fill="#8d6e63"/></svg>`;
}

function acmeResources(): DemoResource[] {
  // Rooms first: the tenancy suite reads every resource route with id 4, the image included.
  const resources: DemoResource[] = ROOMS.map((room) => {
    const drawn = floorLayout(room.floor).meetingRooms.find((area) => area.name === room.plan);
    if (!drawn) throw new Error(`Seed: floor ${room.floor} draws no room ${room.plan}`);
    return {
      level: `Floor ${room.floor}`,
      type: 'room',
      names: room.names,
      capacity: room.capacity,
      email: mailbox(room.plan),
      description: `Meeting room for up to ${room.capacity} people.`,
      attributes: room.attributes,
      position: planPosition(drawn),
      picture: roomPictureSvg(room.capacity),
      ...(room.hours ? { hours: room.hours } : {}),
    };
  });
  for (const floor of [1, 2, 3]) {
    const layout = floorLayout(floor);
    for (const [index, desk] of layout.desks.entries()) {
      const number = `${floor}.${pad(index + 1)}`;
      resources.push({
        level: `Floor ${floor}`,
        type: 'desk',
        names: { en: `Desk ${number}`, fr: `Bureau ${number}`, de: `Schreibtisch ${number}` },
        attributes: deskAttributes(floor, index),
        position: planPosition(desk),
      });
    }
  }
  const parking = parkingLayout();
  for (const [index, bay] of parking.bays.entries()) {
    const number = `P${pad(index + 1)}`;
    resources.push({
      level: 'Parking',
      type: 'parking',
      names: { en: `Parking ${number}`, fr: `Place ${number}`, de: `Stellplatz ${number}` },
      // The two bays nearest the entrance are the wide, step-free ones.
      attributes: index < 2 ? ['wheelchair-access'] : [],
      position: planPosition(bay),
    });
  }
  resources.push({
    level: 'Parking',
    type: 'parking',
    names: { en: 'Visitor parking', fr: 'Parking visiteurs', de: 'Besucherparkplatz' },
    capacity: 5,
    shared: true,
    description: 'Five unmarked places for visitors; any of them can be booked.',
    position: planPosition(parking.visitors),
  });
  for (const [index, locker] of floorLayout(1).lockers.entries())
    resources.push({
      level: 'Floor 1',
      type: 'locker',
      names: { en: `Locker ${index + 1}`, fr: `Casier ${index + 1}`, de: `Schließfach ${index + 1}` },
      position: planPosition(locker),
    });
  return resources;
}

function globexResources(): DemoResource[] {
  return [1, 2, 3].map((desk) => ({
    level: 'Floor 12',
    type: 'desk',
    names: { en: `Desk 12.0${desk}`, fr: `Bureau 12.0${desk}`, de: `Schreibtisch 12.0${desk}` },
    attributes: desk === 1 ? ['monitor'] : [],
  }));
}

const RESOURCES: Record<string, () => DemoResource[]> = { acme: acmeResources, globex: globexResources };

/**
 * Issue 4 demo resources, after the demo levels and catalogue, inside the demo seed's transaction:
 * acme's desks, rooms, lockers and parking placed where the plans draw them; three desks for globex.
 * Levels, types and attributes are found by their English name and key.
 */
export async function seedDemoResources(
  tx: Transaction<Database>,
  companyId: number,
  subdomain: string,
): Promise<void> {
  const demo = RESOURCES[subdomain]?.() ?? [];
  if (demo.length === 0) return;
  const lookup = async <Row extends { id: number; key: string }>(rows: Promise<Row[]>, what: string) => {
    const map = new Map((await rows).map((row) => [row.key, row.id]));
    return (key: string) => {
      const id = map.get(key);
      if (id === undefined) throw new Error(`Seed: no ${what} ${key} for ${subdomain}`);
      return id;
    };
  };
  const languages = await tx
    .selectFrom('languages')
    .select(['id', 'code'])
    .where('code', 'in', ['en', 'fr', 'de'])
    .execute();
  const level = await lookup(
    tx
      .selectFrom('levels')
      .innerJoin('level_translations', (join) =>
        join
          .onRef('level_translations.company_id', '=', 'levels.company_id')
          .onRef('level_translations.level_id', '=', 'levels.id'),
      )
      .innerJoin('languages', 'languages.id', 'level_translations.language_id')
      .select(['levels.id as id', 'level_translations.name as key'])
      .where('levels.company_id', '=', companyId)
      .where('languages.code', '=', 'en')
      .execute(),
    'level',
  );
  const type = await lookup(
    tx.selectFrom('resource_types').select(['id', 'key']).where('company_id', '=', companyId).execute(),
    'resource type',
  );
  const attribute = await lookup(
    tx.selectFrom('resource_attributes').select(['id', 'key']).where('company_id', '=', companyId).execute(),
    'resource attribute',
  );

  // Positions count within each level, so each inserted row is recognised by (level, position).
  const positions = new Map<string, number>();
  const rows = demo.map((resource) => {
    const position = positions.get(resource.level) ?? 0;
    positions.set(resource.level, position + 1);
    const capacity = resource.capacity ?? 1;
    return {
      company_id: companyId,
      level_id: level(resource.level),
      resource_type_id: type(resource.type),
      resource_capacity_type: resource.shared ? ('shared' as const) : ('exclusive' as const),
      capacity,
      max_capacity: capacity,
      description: resource.description ?? '',
      email: resource.email ?? null,
      map_x: resource.position?.map_x ?? null,
      map_y: resource.position?.map_y ?? null,
      position,
    };
  });
  const inserted = await tx
    .insertInto('resources')
    .values(rows)
    .returning(['id', 'level_id', 'position'])
    .execute();
  const idOf = new Map(inserted.map((row) => [`${row.level_id}:${row.position}`, row.id]));
  const ids = rows.map((row) => idOf.get(`${row.level_id}:${row.position}`)!);

  await tx
    .insertInto('resource_translations')
    .values(
      demo.flatMap((resource, index) =>
        languages.map((language) => ({
          company_id: companyId,
          resource_id: ids[index]!,
          language_id: language.id,
          name: resource.names[language.code as keyof Names],
          search_name: foldForSearch(resource.names[language.code as keyof Names]),
        })),
      ),
    )
    .execute();
  const attributeRows = demo.flatMap((resource, index) =>
    (resource.attributes ?? []).map((key) => ({
      company_id: companyId,
      resource_id: ids[index]!,
      resource_attribute_id: attribute(key),
    })),
  );
  if (attributeRows.length > 0)
    await tx.insertInto('resource_resource_attributes').values(attributeRows).execute();
  const availabilityRows = demo.flatMap((resource, index) =>
    resource.hours
      ? [
          {
            company_id: companyId,
            resource_id: ids[index]!,
            weekdays: [1, 2, 3, 4, 5],
            time_from: resource.hours[0],
            time_to: resource.hours[1],
          },
        ]
      : [],
  );
  if (availabilityRows.length > 0)
    await tx.insertInto('resource_availabilities').values(availabilityRows).execute();
  const pictures = demo.flatMap((resource, index) => {
    if (!resource.picture) return [];
    // Through the upload checks, as a picture an administrator sends would be.
    const image = acceptImage(Buffer.from(resource.picture), RESOURCE_IMAGE_MAX_BYTES);
    return [{ company_id: companyId, resource_id: ids[index]!, ...image }];
  });
  if (pictures.length > 0) await tx.insertInto('resource_images').values(pictures).execute();
}
