import i18next from 'i18next';
import { useCallback } from 'react';
import { initReactI18next } from 'react-i18next';
import type { Label } from '../../shared/contract/reference';
import { isRightToLeft } from '../../shared/text/ui-languages';
import { format } from '../../shared/validation/messages';
import { createLocalStore } from '../state/local-store';
import { missingLabel } from './missing-label';
import { isRawKeys, useRawKeys } from './raw-keys';

/**
 * Labels come from the server (login labels call, initial answer) as code → content. Codes contain
 * dots ('general.login.title'), so keys are flat: no key or namespace separators.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: false,
  resources: {},
  keySeparator: false,
  nsSeparator: false,
  initAsync: false,
  // Labels write placeholders '{name}'; label() fills them (i18next's own are '{{name}}').
  interpolation: { escapeValue: false },
  react: { bindI18nStore: 'added', useSuspense: false },
});

/**
 * Screens re-render when labels arrive through this counter (a local store, read with useSyncExternalStore): it
 * checks the value again once subscribed, so labels landing between a screen's first render and its
 * subscription are never missed (i18next's own store events are, and the screen kept its English
 * defaults).
 */
const labelsVersion = createLocalStore(0);

/** Adds labels for a locale and switches to it. */
export function addLabels(locale: string, labels: readonly Label[]): void {
  const bundle = Object.fromEntries(labels.map((label) => [label.code, label.content]));
  i18n.addResourceBundle(locale, 'translation', bundle, true, true);
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
  // Screen readers pick their voice, and the browser its hyphenation and direction, from the page's.
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
  }
  labelsVersion.set(labelsVersion.get() + 1);
}

/**
 * The current language's text for `code`, read straight from i18next's store: labels are flat
 * strings filled by `label`, so i18next's translator (its key parsing, plurals, nesting and
 * interpolation, run twice by exists and t) had nothing to do but cost each label a few microseconds,
 * a cold page's first screen a few milliseconds. Empty texts count, as i18next counts them.
 */
function translation(code: string): string | undefined {
  const text: unknown = i18n.getResource(i18n.language, 'translation', code, {
    keySeparator: false,
    ignoreJSONStructure: false,
  });
  return typeof text === 'string' ? text : undefined;
}

export type LabelParams = Readonly<Record<string, string | number>>;

/**
 * An English default that depends on a number: the form is chosen by `count` with the language's
 * plural rules (Intl.PluralRules), so "1 booking" and "2 bookings" come from one label.
 */
export interface PluralText {
  one: string;
  other: string;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(language);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/**
 * The text of a label counted by `count`: the catalogue's `code_<category>` (i18next's suffixes:
 * `_one`, `_other`, `_few`...), else its `code_other`, else the English form.
 */
function pluralText(code: string, english: PluralText, count: number): string {
  const category = pluralCategory(i18n.language || 'en', count);
  return (
    translation(`${code}_${category}`) ??
    translation(`${code}_other`) ??
    (pluralCategory('en', count) === 'one' ? english.one : english.other)
  );
}

/**
 * A label: its code in raw mode, else the translation, else the English default, else the spec's
 * missing-translation text. Placeholders are written '{name}', as the server's labels write them.
 * A plural default ({ one, other }) is chosen by the number in `params.count`.
 */
export function label(code: string, english?: string | PluralText, params?: LabelParams): string {
  if (isRawKeys()) return code;
  const count = params?.count;
  const text =
    typeof english === 'object'
      ? pluralText(code, english, typeof count === 'number' ? count : Number(count))
      : (translation(code) ?? english ?? missingLabel(code));
  return params ? format(text, params) : text;
}

export type LabelFn = (code: string, english?: string | PluralText, params?: LabelParams) => string;

/** The label function for components; re-renders when labels arrive or raw mode toggles. */
export function useLabel(): LabelFn {
  const version = labelsVersion.use();
  const raw = useRawKeys();
  // `version` and `raw` are read so the function changes (and memoised children re-render) with them.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback<LabelFn>((code, english, params) => label(code, english, params), [version, raw]);
}

/** The page's writing direction, for Fluent's provider (its styles turn with it): the language's. */
export function usePageDirection(): 'ltr' | 'rtl' {
  labelsVersion.use();
  return isRightToLeft(i18n.language || 'en') ? 'rtl' : 'ltr';
}
