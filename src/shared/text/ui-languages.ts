/**
 * The languages every label of the product is written in (the catalogue test holds each label to
 * all of them), named in themselves as a language switch names them. Arabic, written right to left,
 * is machine-drafted (server/seed/labels/ar) until a native speaker has reviewed it. Other languages
 * of the reference list (Español, Nederlands, …) show English where the catalogue has no text.
 */
export const UI_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
  { code: 'it', name: 'Italiano' },
  { code: 'ar', name: 'العربية' },
] as const;

export type UiLanguageCode = (typeof UI_LANGUAGES)[number]['code'];

// Scripts written right to left; the page turns with them (`dir`).
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur']);

export const isRightToLeft = (code: string): boolean =>
  RIGHT_TO_LEFT.has(code.split(/[-_]/)[0]!.toLowerCase());
