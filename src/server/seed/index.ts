import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  APPLICATIONS,
  COMPANY_TYPES,
  COUNTRIES,
  CURRENCIES,
  DATA_REGIONS,
  DEVICE_TEMPLATES,
  LANGUAGES,
  PERMISSIONS,
  PREFERENCE_CATEGORIES,
  TIMEZONES,
} from './catalogue';
import { seedDemo } from './demo';
import { HELP_PAGES } from './help-pages';
import { ARABIC_LABELS, LABEL_CODES, LABEL_LOCALES, LABELS } from './labels';

export { DEMO_PASSWORD } from './demo';

/**
 * Inserts the reference data that is missing (rows someone edited stay as they are), then the demo
 * companies when the database has none. Answers whether the demo data was written.
 */
export async function seed(db: Kysely<Database>): Promise<{ demo: boolean }> {
  await syncCatalogue(db);
  return { demo: await seedDemo(db) };
}

const CATALOGUE_FINGERPRINT = createHash('sha256')
  .update(
    JSON.stringify([
      LANGUAGES,
      COUNTRIES,
      CURRENCIES,
      TIMEZONES,
      DATA_REGIONS,
      COMPANY_TYPES,
      APPLICATIONS,
      PERMISSIONS,
      PREFERENCE_CATEGORIES,
      DEVICE_TEMPLATES,
      LABELS,
      ARABIC_LABELS,
      HELP_PAGES,
    ]),
  )
  .digest('hex');

/** Answers whether anything was written: nothing when this catalogue was synced before. */
export async function syncCatalogue(db: Kysely<Database>): Promise<boolean> {
  const state = await db
    .selectFrom('seed_state')
    .select('fingerprint')
    .where('key', '=', 'catalogue')
    .executeTakeFirst();
  if (state?.fingerprint === CATALOGUE_FINGERPRINT) return false;
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('languages')
      .values(LANGUAGES)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    await tx
      .insertInto('countries')
      .values(COUNTRIES)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    await tx
      .insertInto('currencies')
      .values(CURRENCIES)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    await tx
      .insertInto('timezones')
      .values(TIMEZONES)
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await tx
      .insertInto('data_regions')
      .values(DATA_REGIONS)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    await tx
      .insertInto('company_types')
      .values(COMPANY_TYPES)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    await tx
      .insertInto('applications')
      .values(APPLICATIONS)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await tx
      .insertInto('application_versions')
      .values(
        APPLICATIONS.map((app) => ({
          application_id: app.id,
          version: '1.0.0',
          notes: 'First release.',
          released_at: '2025-01-15T00:00:00Z',
        })),
      )
      .onConflict((oc) => oc.columns(['application_id', 'version']).doNothing())
      .execute();
    await tx
      .insertInto('permissions')
      .values(PERMISSIONS)
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await tx
      .insertInto('preference_categories')
      .values(PREFERENCE_CATEGORIES)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    await tx
      .insertInto('device_templates')
      .values(DEVICE_TEMPLATES)
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();

    await tx
      .insertInto('labels')
      .values(LABEL_CODES.map((code) => ({ code })))
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const labelIds = new Map(
      (await tx.selectFrom('labels').select(['id', 'code']).execute()).map((l) => [l.code, l.id]),
    );
    await tx
      .insertInto('label_translations')
      .values([
        ...LABELS.flatMap(([code, ...contents]) =>
          LABEL_LOCALES.flatMap((language_code, index) =>
            contents[index] === undefined
              ? []
              : [{ label_id: labelIds.get(code)!, language_code, content: contents[index] }],
          ),
        ),
        ...Object.entries(ARABIC_LABELS).map(([code, content]) => ({
          label_id: labelIds.get(code)!,
          language_code: 'ar',
          content,
        })),
      ])
      .onConflict((oc) => oc.columns(['label_id', 'language_code']).doNothing())
      .execute();

    await tx
      .insertInto('help_pages')
      .values(HELP_PAGES.map(({ path }) => ({ path })))
      .onConflict((oc) => oc.column('path').doNothing())
      .execute();
    const pageIds = new Map(
      (await tx.selectFrom('help_pages').select(['id', 'path']).execute()).map((p) => [p.path, p.id]),
    );
    await tx
      .insertInto('help_page_translations')
      .values(
        HELP_PAGES.flatMap(({ path, translations }) =>
          Object.entries(translations).map(([language_code, page]) => ({
            help_page_id: pageIds.get(path)!,
            language_code,
            ...page,
          })),
        ),
      )
      .onConflict((oc) => oc.columns(['help_page_id', 'language_code']).doNothing())
      .execute();
    await tx
      .insertInto('seed_state')
      .values({ key: 'catalogue', fingerprint: CATALOGUE_FINGERPRINT })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ fingerprint: CATALOGUE_FINGERPRINT, updated_at: new Date() }),
      )
      .execute();
  });
  return true;
}
