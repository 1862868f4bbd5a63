import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Names = Readonly<Record<'en' | 'fr' | 'de', string>>;
interface Entry {
  key: string;
  icon: string;
  names: Names;
}

// Acme's come first: the tenancy suite asks every company route for id 4 with acme's token.
const TYPES: Record<string, ReadonlyArray<Entry & { is_bookable?: boolean }>> = {
  acme: [
    { key: 'desk', icon: 'desk', names: { en: 'Desk', fr: 'Bureau', de: 'Arbeitsplatz' } },
    {
      key: 'room',
      icon: 'conference-room',
      names: { en: 'Meeting room', fr: 'Salle de réunion', de: 'Besprechungsraum' },
    },
    {
      key: 'parking',
      icon: 'vehicle-car',
      names: { en: 'Parking space', fr: 'Place de parking', de: 'Parkplatz' },
    },
    { key: 'locker', icon: 'lock-closed', names: { en: 'Locker', fr: 'Casier', de: 'Schließfach' } },
  ],
  globex: [
    { key: 'desk', icon: 'desk', names: { en: 'Hot desk', fr: 'Poste partagé', de: 'Flexarbeitsplatz' } },
    {
      key: 'room',
      icon: 'conference-room',
      names: { en: 'Board room', fr: 'Salle du conseil', de: 'Sitzungssaal' },
    },
  ],
};

const ATTRIBUTES: Record<string, readonly Entry[]> = {
  acme: [
    { key: 'monitor', icon: 'desktop', names: { en: 'Monitor', fr: 'Écran', de: 'Bildschirm' } },
    {
      key: 'standing-desk',
      icon: 'arrow-autofit-height',
      names: { en: 'Standing desk', fr: 'Bureau debout', de: 'Stehpult' },
    },
    {
      key: 'video-conferencing',
      icon: 'video',
      names: { en: 'Video conferencing', fr: 'Visioconférence', de: 'Videokonferenz' },
    },
    {
      key: 'wheelchair-access',
      icon: 'accessibility',
      names: { en: 'Wheelchair access', fr: 'Accès fauteuil roulant', de: 'Rollstuhlgerecht' },
    },
    {
      key: 'whiteboard',
      icon: 'whiteboard',
      names: { en: 'Whiteboard', fr: 'Tableau blanc', de: 'Whiteboard' },
    },
    {
      key: 'docking-station',
      icon: 'laptop',
      names: { en: 'Docking station', fr: 'Station d’accueil', de: 'Dockingstation' },
    },
  ],
  globex: [
    {
      key: 'projector',
      icon: 'projection-screen',
      names: { en: 'Projector', fr: 'Projecteur', de: 'Beamer' },
    },
    {
      key: 'monitor',
      icon: 'desktop',
      names: { en: 'Dual monitor', fr: 'Double écran', de: 'Zwei Bildschirme' },
    },
  ],
};

/** The demo resource types and attributes of a company, named in English, French and German. */
export async function seedResourceCatalogue(
  tx: Transaction<Database>,
  companyId: number,
  subdomain: string,
): Promise<void> {
  const languages = await tx.selectFrom('languages').select(['id', 'code']).execute();
  const languageId = new Map(languages.map((language) => [language.code, language.id]));
  const names = (entry: Entry) =>
    (Object.entries(entry.names) as Array<[keyof Names, string]>).map(([code, name]) => ({
      language_id: languageId.get(code)!,
      name,
    }));

  for (const entry of TYPES[subdomain] ?? []) {
    const { id } = await tx
      .insertInto('resource_types')
      .values({
        company_id: companyId,
        key: entry.key,
        icon: entry.icon,
        is_bookable: entry.is_bookable ?? true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('resource_type_translations')
      .values(names(entry).map((name) => ({ company_id: companyId, resource_type_id: id, ...name })))
      .execute();
  }
  for (const entry of ATTRIBUTES[subdomain] ?? []) {
    const { id } = await tx
      .insertInto('resource_attributes')
      .values({ company_id: companyId, key: entry.key, icon: entry.icon })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('resource_attribute_translations')
      .values(names(entry).map((name) => ({ company_id: companyId, resource_attribute_id: id, ...name })))
      .execute();
  }
}
