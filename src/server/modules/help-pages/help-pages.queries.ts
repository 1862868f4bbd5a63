import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';

/** The page at this path in the language, else in English. */
export async function helpPageAt(db: Kysely<Database>, path: string, languageCode: string) {
  return (
    (await db
      .selectFrom('help_pages as p')
      .innerJoin('help_page_translations as t', 't.help_page_id', 'p.id')
      .select(['p.id', 'p.path', 't.title', 't.html'])
      .where('p.path', '=', path)
      .where('t.language_code', 'in', [languageCode, 'en'])
      .orderBy(sql`t.language_code = ${languageCode}`, 'desc')
      .executeTakeFirst()) ?? null
  );
}

/** Every page once, titled in the language where it has a translation, else in English. */
export async function helpIndex(db: Kysely<Database>, languageCode: string) {
  return db
    .selectFrom('help_pages as p')
    .innerJoin('help_page_translations as t', 't.help_page_id', 'p.id')
    .distinctOn('p.path')
    .select(['p.id', 'p.path', 't.title'])
    .where('t.language_code', 'in', [languageCode, 'en'])
    .orderBy('p.path')
    .orderBy(sql`t.language_code = ${languageCode}`, 'desc')
    .execute();
}
