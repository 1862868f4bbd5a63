import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/server-app';
import { floorLayout, parkingLayout, PLAN_HEIGHT, PLAN_WIDTH, type PlanRect } from './demo-levels';

interface SeededResource {
  id: number;
  company: string;
  level: string;
  level_kind: string;
  type: string;
  capacity: number;
  capacity_type: string;
  email: string | null;
  map_x: number | null;
  map_y: number | null;
  en: string | null;
  fr: string | null;
  de: string | null;
  attributes: string[];
  availabilities: string[];
  picture: string | null;
}

/** The position lies inside the rectangle the plan draws for it. */
const within = (resource: SeededResource, area: PlanRect) =>
  resource.map_x! * PLAN_WIDTH > area.x &&
  resource.map_x! * PLAN_WIDTH < area.x + area.width &&
  resource.map_y! * PLAN_HEIGHT > area.y &&
  resource.map_y! * PLAN_HEIGHT < area.y + area.height;

describeEachDatabase('demo resources (issue 4 demo data)', (server) => {
  let all: SeededResource[];
  const acme = (type?: string) =>
    all.filter((resource) => resource.company === 'acme' && (!type || resource.type === type));

  beforeAll(async () => {
    const name = (code: string) => sql<string | null>`(select t.name from resource_translations t
      join languages l on l.id = t.language_id
      where t.company_id = r.company_id and t.resource_id = r.id and l.code = ${code})`;
    const { rows } = await sql<SeededResource>`
      select r.id, c.subdomain as company, lt.name as level, lv.kind as level_kind, rt.key as type,
        r.capacity, r.resource_capacity_type as capacity_type, r.email, r.map_x, r.map_y,
        ${name('en')} as en, ${name('fr')} as fr, ${name('de')} as de,
        array(select a.key from resource_resource_attributes ra
          join resource_attributes a on a.company_id = ra.company_id and a.id = ra.resource_attribute_id
          where ra.company_id = r.company_id and ra.resource_id = r.id order by a.key) as attributes,
        array(select array_to_string(av.weekdays, ',') || ' ' || to_char(av.time_from, 'HH24:MI') || '-'
            || to_char(av.time_to, 'HH24:MI')
          from resource_availabilities av
          where av.company_id = r.company_id and av.resource_id = r.id) as availabilities,
        (select i.mime from resource_images i
          where i.company_id = r.company_id and i.resource_id = r.id) as picture
      from resources r
      join companies c on c.id = r.company_id
      join levels lv on lv.company_id = r.company_id and lv.id = r.level_id
      join resource_types rt on rt.company_id = r.company_id and rt.id = r.resource_type_id
      join level_translations lt on lt.company_id = lv.company_id and lt.level_id = lv.id
        and lt.language_id = (select id from languages where code = 'en')
      order by r.id`.execute(server().db.kysely);
    all = rows;
  });

  it('gives Acme HQ three floors under Building A, each with its floor plan (issue 4 §6)', async () => {
    const { rows } = await sql<{ name: string; map_id: number | null; parent: string }>`
      select lt.name, lv.map_id, pt.name as parent
      from levels lv
      join companies c on c.id = lv.company_id and c.subdomain = 'acme'
      join level_translations lt on lt.company_id = lv.company_id and lt.level_id = lv.id
      join level_translations pt on pt.company_id = lv.company_id and pt.level_id = lv.parent_id
        and pt.language_id = lt.language_id
      where lv.kind = 'floor' and lt.language_id = (select id from languages where code = 'en')
      order by lt.name`.execute(server().db.kysely);
    expect(rows.map((row) => `${row.parent} / ${row.name}`)).toEqual([
      'Building A / Floor 1',
      'Building A / Floor 2',
      'Building A / Floor 3',
    ]);
    for (const row of rows) expect(row.map_id, row.name).not.toBeNull();
  });

  it('places about 40 desks on the floors, each on a desk the floor plan draws', () => {
    const desks = acme('desk');
    expect(desks.length).toBeGreaterThanOrEqual(35);
    expect(desks.length).toBeLessThanOrEqual(50);
    for (const desk of desks) {
      expect(desk.level, desk.en!).toMatch(/^Floor [123]$/);
      const floor = Number(desk.level.slice(-1));
      expect(
        floorLayout(floor).desks.some((drawn) => within(desk, drawn)),
        desk.en!,
      ).toBe(true);
      expect(desk.en).toMatch(new RegExp(`^Desk ${floor}\\.\\d{2}$`));
      expect(desk.fr).toBe(desk.en!.replace('Desk', 'Bureau'));
      expect(desk.de).toBe(desk.en!.replace('Desk', 'Schreibtisch'));
    }
    const withAttribute = (key: string) => desks.filter((desk) => desk.attributes.includes(key)).length;
    expect(withAttribute('monitor')).toBeGreaterThan(desks.length / 2);
    expect(withAttribute('standing-desk')).toBeGreaterThan(0);
    expect(desks.some((desk) => desk.attributes.length === 0 || !desk.attributes.includes('monitor'))).toBe(
      true,
    );
  });

  it('has 6 meeting rooms of 2 to 20 seats, with mailboxes, drawn on their floor plan', () => {
    const rooms = acme('room');
    expect(rooms).toHaveLength(6);
    const capacities = rooms.map((room) => room.capacity).sort((a, b) => a - b);
    expect(capacities[0]).toBe(2);
    expect(capacities.at(-1)).toBe(20);
    for (const room of rooms) {
      expect(room.capacity_type).toBe('exclusive');
      expect(room.email).toMatch(/^room-[a-z]+@acme\.test$/);
      const floor = Number(room.level.slice(-1));
      const drawn = floorLayout(floor).meetingRooms.find((area) => area.name === room.en);
      expect(drawn && within(room, drawn), room.en!).toBe(true);
    }
    expect(rooms.map((room) => room.picture)).toEqual(Array(6).fill('image/svg+xml'));
    expect(rooms.find((room) => room.en === 'Matterhorn')!.email).toBe('room-matterhorn@acme.test');
    expect(rooms.filter((room) => room.attributes.includes('video-conferencing')).length).toBeGreaterThan(1);
    expect(rooms.filter((room) => room.attributes.includes('wheelchair-access')).length).toBeGreaterThan(1);
    // A few rooms open Monday to Friday only, within the building's hours.
    const weekly = rooms.filter((room) => room.availabilities.length > 0);
    expect(weekly.length).toBeGreaterThanOrEqual(3);
    expect(weekly.map((room) => room.availabilities)).toContainEqual(['1,2,3,4,5 07:00-19:00']);
  });

  it('has parking spaces in a declarable Parking zone on the site plan, and a shared visitor area', async () => {
    const parking = acme('parking');
    expect(parking.every((space) => space.level === 'Parking' && space.level_kind === 'zone')).toBe(true);
    const bays = parking.filter((space) => space.capacity_type === 'exclusive');
    expect(bays).toHaveLength(10);
    for (const bay of bays)
      expect(
        parkingLayout().bays.some((drawn) => within(bay, drawn)),
        bay.en!,
      ).toBe(true);
    const visitors = parking.filter((space) => space.capacity_type === 'shared');
    expect(visitors).toMatchObject([{ en: 'Visitor parking', capacity: 5 }]);
    expect(within(visitors[0]!, parkingLayout().visitors)).toBe(true);
    // The zone has no plan of its own: its positions are on the site's.
    const { rows } = await sql<{ declarable: boolean; own: number | null; parent: number | null }>`
      select lv.is_declarable as declarable, lv.map_id as own, p.map_id as parent
      from levels lv join levels p on p.company_id = lv.company_id and p.id = lv.parent_id
      where lv.id = (select level_id from resources where id = ${bays[0]!.id})`.execute(server().db.kysely);
    expect(rows).toEqual([{ declarable: true, own: null, parent: expect.any(Number) }]);
  });

  it('has eight lockers along the corridor of floor 1', () => {
    const lockers = acme('locker');
    expect(lockers).toHaveLength(8);
    for (const locker of lockers) {
      expect(locker.level).toBe('Floor 1');
      expect(
        floorLayout(1).lockers.some((drawn) => within(locker, drawn)),
        locker.en!,
      ).toBe(true);
    }
  });

  it('names every resource in English, French and German, once per level and language', () => {
    for (const resource of all)
      for (const name of [resource.en, resource.fr, resource.de])
        expect(name?.trim(), `${resource.id}`).toBeTruthy();
    for (const language of ['en', 'fr', 'de'] as const) {
      const keys = all.map((resource) => `${resource.company}/${resource.level}/${resource[language]}`);
      expect(new Set(keys).size, language).toBe(keys.length);
    }
  });

  it('keeps every position within the plan (fractions 0 to 1)', () => {
    const placed = all.filter((resource) => resource.map_x !== null);
    expect(placed.length).toBeGreaterThan(60);
    for (const resource of placed) {
      expect(resource.map_x).toBeGreaterThanOrEqual(0);
      expect(resource.map_x).toBeLessThanOrEqual(1);
      expect(resource.map_y).toBeGreaterThanOrEqual(0);
      expect(resource.map_y).toBeLessThanOrEqual(1);
    }
  });

  it('gives globex three desks of its own, and acme the first ids (the tenancy suite reads id 4, its picture too)', () => {
    const globex = all.filter((resource) => resource.company === 'globex');
    expect(globex.map((desk) => `${desk.level}: ${desk.en}`)).toEqual([
      'Floor 12: Desk 12.01',
      'Floor 12: Desk 12.02',
      'Floor 12: Desk 12.03',
    ]);
    expect(all.slice(0, 4).every((resource) => resource.company === 'acme')).toBe(true);
    expect(all.find((resource) => resource.id === 4)).toMatchObject({
      company: 'acme',
      picture: expect.any(String),
    });
  });
});
