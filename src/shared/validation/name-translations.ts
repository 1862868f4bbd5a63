import type { FieldErrors } from './field-errors';
import { MESSAGES, notValid } from './messages';

interface NameEntry {
  language_id: number;
  name: string;
}

/** A name that passed, trimmed, with its position in the list sent (errors point at it). */
export interface KeptName extends NameEntry {
  index: number;
}

/**
 * The names sent on a change (resource types, attributes, resources): each language known and
 * named once, the company's language named. A blank name in another language means "no name in
 * that language" and is dropped. Adds to `errors` and answers the names to write.
 */
export function checkNameTranslations(
  names: readonly NameEntry[],
  companyLanguage: number,
  known: ReadonlySet<number>,
  errors: FieldErrors,
): KeptName[] {
  const seen = new Set<number>();
  const kept: KeptName[] = [];
  names.forEach((entry, index) => {
    if (!known.has(entry.language_id) || seen.has(entry.language_id)) {
      errors[`translations.${index}.language_id`] = [notValid('language_id')];
      return;
    }
    seen.add(entry.language_id);
    const name = entry.name.trim();
    if (name === '') {
      if (entry.language_id === companyLanguage) errors[`translations.${index}.name`] = [MESSAGES.required];
      return;
    }
    kept.push({ language_id: entry.language_id, name, index });
  });
  if (!seen.has(companyLanguage)) errors['translations'] = [MESSAGES.required];
  return kept;
}
