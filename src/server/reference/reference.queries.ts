import type { Kysely } from 'kysely';
import type {
  Country,
  Currency,
  DeviceTemplate,
  Language,
  PreferenceCategory,
  Timezone,
} from '../../shared/contract/reference';
import type { Database } from '../db/schema';

export interface ReferenceLists {
  languages: Language[];
  countries: Country[];
  timezones: Timezone[];
  currencies: Currency[];
  preferencecategories: PreferenceCategory[];
  devicetemplates: DeviceTemplate[];
}

export async function loadReferenceLists(db: Kysely<Database>): Promise<ReferenceLists> {
  const [languages, countries, timezones, currencies, preferencecategories, devicetemplates] =
    await Promise.all([
      db.selectFrom('languages').select(['id', 'code', 'locale', 'name']).orderBy('id').execute(),
      db.selectFrom('countries').select(['id', 'code', 'name']).orderBy('name').execute(),
      db
        .selectFrom('timezones')
        .select(['id', 'name', 'utc_offset as offset'])
        .orderBy('utc_offset')
        .orderBy('name')
        .execute(),
      db.selectFrom('currencies').select(['id', 'code', 'name', 'symbol']).orderBy('code').execute(),
      db.selectFrom('preference_categories').select(['id', 'key', 'name']).orderBy('id').execute(),
      db.selectFrom('device_templates').select(['id', 'name', 'device_type']).orderBy('id').execute(),
    ]);
  return { languages, countries, timezones, currencies, preferencecategories, devicetemplates };
}

export interface LabelRow {
  code: string;
  language_code: string;
  content: string;
}

export async function loadLabelRows(db: Kysely<Database>): Promise<LabelRow[]> {
  return db
    .selectFrom('labels as l')
    .innerJoin('label_translations as t', 't.label_id', 'l.id')
    .select(['l.code', 't.language_code', 't.content'])
    .orderBy('l.code')
    .orderBy('t.language_code')
    .execute();
}
