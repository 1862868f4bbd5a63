import type { Kysely } from 'kysely';
import type { Label } from '../../shared/contract/reference';
import { format } from '../../shared/validation/messages';
import { messageMatcher } from '../../shared/text/message-templates';
import type { Database } from '../db/schema';
import { loadLabelRows, loadReferenceLists, type ReferenceLists } from './reference.queries';

const FALLBACK_LANGUAGE = 'en';

/**
 * Reference lists and labels are the same for every request, so they are read once and kept in
 * memory. They only change through seeding at start today; whatever edits them later (the master
 * area's translations and reference screens) must call invalidate() and notify the other processes.
 */
export class ReferenceData {
  private lists: Promise<ReferenceLists> | null = null;
  private labelRows: Promise<Map<string, Map<string, string>>> | null = null;
  private readonly labelsByLanguage = new Map<string, Label[]>();
  private readonly sharedJsonByLanguage = new Map<string, string>();
  private readonly translators = new Map<string, Promise<(english: string) => string>>();

  constructor(private readonly db: Kysely<Database>) {}

  invalidate(): void {
    this.lists = null;
    this.labelRows = null;
    this.labelsByLanguage.clear();
    this.sharedJsonByLanguage.clear();
    this.translators.clear();
  }

  /**
   * The part of the initial answer that is the same for every user of a language (labels and the
   * reference lists, nearly all of its bytes), serialized once: `"labels":[…],"languages":[…],…`.
   */
  async sharedInitialJson(languageCode: string): Promise<string> {
    const cached = this.sharedJsonByLanguage.get(languageCode);
    if (cached) return cached;
    const shared = { labels: await this.labels(languageCode), ...(await this.referenceLists()) };
    const json = JSON.stringify(shared).slice(1, -1);
    this.sharedJsonByLanguage.set(languageCode, json);
    return json;
  }

  referenceLists(): Promise<ReferenceLists> {
    this.lists ??= loadReferenceLists(this.db).catch((error: unknown) => {
      this.lists = null;
      throw error;
    });
    return this.lists;
  }

  /** The language code a locale or code names ('fr-CH' → 'fr'), when it has labels; else English. */
  async languageOf(locale: string | null | undefined): Promise<string> {
    const code = (locale ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
    const { languages } = await this.referenceLists();
    return languages.some((language) => language.code === code) ? code : FALLBACK_LANGUAGE;
  }

  /** spec §3 "Login labels response": content in the language, English where it has none. */
  async labels(languageCode: string): Promise<Label[]> {
    const cached = this.labelsByLanguage.get(languageCode);
    if (cached) return cached;
    const byCode = await this.labelTranslations();
    const labels = [...byCode].map(([code, translations]) => ({
      code,
      content: translations.get(languageCode) ?? translations.get(FALLBACK_LANGUAGE) ?? code,
      translations: [...translations].map(([locale, content]) => ({ locale, content })),
    }));
    this.labelsByLanguage.set(languageCode, labels);
    return labels;
  }

  /**
   * A function that says a message of the server (the `messages.*` labels, matched on their English
   * text with its placeholders filled) in `languageCode`; a message it does not know stays as it is.
   */
  messageTranslator(languageCode: string): Promise<(english: string) => string> {
    let translator = this.translators.get(languageCode);
    if (!translator) {
      translator = this.labelTranslations().then((byCode) => {
        const match = messageMatcher(
          [...byCode].flatMap(([code, texts]) => {
            const english = texts.get(FALLBACK_LANGUAGE);
            return code.startsWith('messages.') && english ? [[code, english] as const] : [];
          }),
        );
        return (english: string) => {
          const found = match(english);
          const template = found && byCode.get(found.code)?.get(languageCode);
          return template ? format(template, found.params) : english;
        };
      });
      this.translators.set(languageCode, translator);
      translator.catch(() => this.translators.delete(languageCode));
    }
    return translator;
  }

  private labelTranslations(): Promise<Map<string, Map<string, string>>> {
    this.labelRows ??= loadLabelRows(this.db).then(
      (rows) => {
        const byCode = new Map<string, Map<string, string>>();
        for (const row of rows) {
          let translations = byCode.get(row.code);
          if (!translations) byCode.set(row.code, (translations = new Map()));
          translations.set(row.language_code, row.content);
        }
        return byCode;
      },
      (error: unknown) => {
        this.labelRows = null;
        throw error;
      },
    );
    return this.labelRows;
  }
}
