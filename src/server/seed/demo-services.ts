import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Names = Readonly<Record<'en' | 'fr' | 'de', readonly [name: string, description: string]>>;

interface DemoItem {
  type: 'catering' | 'equipment';
  names: Names;
  price_cents: number;
  lead_time_minutes: number;
}

// Delivered to every meeting room (each offers catering and equipment), so a meeting booked in the
// scheduler can order coffee at once and a lunch a day ahead.
const ITEMS: readonly DemoItem[] = [
  {
    type: 'catering',
    names: {
      en: ['Coffee', 'A cup of coffee, milk and sugar on the side'],
      fr: ['Café', 'Une tasse de café, lait et sucre à part'],
      de: ['Kaffee', 'Eine Tasse Kaffee, Milch und Zucker separat'],
    },
    price_cents: 350,
    lead_time_minutes: 0,
  },
  {
    type: 'catering',
    names: {
      en: ['Croissants', 'Butter croissants, fresh from the bakery'],
      fr: ['Croissants', 'Croissants au beurre, frais de la boulangerie'],
      de: ['Gipfeli', 'Buttergipfeli, frisch vom Bäcker'],
    },
    price_cents: 280,
    lead_time_minutes: 60,
  },
  {
    type: 'catering',
    names: {
      en: ['Sandwich lunch', 'Assorted sandwiches, fruit and water'],
      fr: ['Déjeuner sandwich', 'Sandwichs variés, fruits et eau'],
      de: ['Sandwich-Lunch', 'Gemischte Sandwiches, Früchte und Wasser'],
    },
    price_cents: 1400,
    lead_time_minutes: 1440,
  },
  {
    type: 'equipment',
    names: {
      en: ['Extra screen', 'A mobile screen with HDMI and USB-C'],
      fr: ['Écran supplémentaire', 'Un écran mobile avec HDMI et USB-C'],
      de: ['Zusätzlicher Bildschirm', 'Ein mobiler Bildschirm mit HDMI und USB-C'],
    },
    price_cents: 0,
    lead_time_minutes: 120,
  },
];

/** Acme's demo services: its meeting rooms offer catering and equipment, and the items above. */
export async function seedDemoServices(tx: Transaction<Database>, companyId: number): Promise<void> {
  const types = new Map(
    (
      await tx.selectFrom('service_types').select(['id', 'key']).where('company_id', '=', companyId).execute()
    ).map((type) => [type.key, type.id]),
  );
  const languages = new Map(
    (await tx.selectFrom('languages').select(['id', 'code']).execute()).map((language) => [
      language.code,
      language.id,
    ]),
  );
  const rooms = await tx
    .selectFrom('resources as r')
    .innerJoin('resource_types as t', (join) =>
      join.onRef('t.company_id', '=', 'r.company_id').onRef('t.id', '=', 'r.resource_type_id'),
    )
    .select('r.id')
    .where('r.company_id', '=', companyId)
    .where('t.key', '=', 'room')
    .execute();
  const offered = ['catering', 'equipment'].map((key) => types.get(key)!);
  if (rooms.length > 0)
    await tx
      .insertInto('resource_service_types')
      .values(
        rooms.flatMap((room) =>
          offered.map((typeId) => ({ company_id: companyId, resource_id: room.id, service_type_id: typeId })),
        ),
      )
      .execute();
  for (const item of ITEMS) {
    const { id } = await tx
      .insertInto('service_items')
      .values({
        company_id: companyId,
        service_type_id: types.get(item.type)!,
        price_cents: item.price_cents,
        lead_time_minutes: item.lead_time_minutes,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('service_item_translations')
      .values(
        (Object.entries(item.names) as Array<[string, readonly [string, string]]>)
          .filter(([code]) => languages.has(code))
          .map(([code, [name, description]]) => ({
            company_id: companyId,
            service_item_id: id,
            language_id: languages.get(code)!,
            name,
            description,
          })),
      )
      .execute();
  }
}
