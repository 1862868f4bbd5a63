import { describe, expect, it } from 'vitest';
import type { FieldErrors } from './field-errors';
import { checkNameTranslations } from './name-translations';

const EN = 1;
const FR = 2;
const known = new Set([EN, FR]);

describe('names per language (resource types, attributes, resources)', () => {
  it('keeps the trimmed names with their place in the list, and drops a blank name in another language', () => {
    const errors: FieldErrors = {};
    const kept = checkNameTranslations(
      [
        { language_id: FR, name: '   ' },
        { language_id: EN, name: '  Desk 1 ' },
      ],
      EN,
      known,
      errors,
    );
    expect(errors).toEqual({});
    expect(kept).toEqual([{ language_id: EN, name: 'Desk 1', index: 1 }]);
  });

  it('requires a name in the company’s language, sent or not', () => {
    const blank: FieldErrors = {};
    checkNameTranslations([{ language_id: EN, name: ' ' }], EN, known, blank);
    expect(blank).toEqual({ 'translations.0.name': ['This field is required.'] });
    const missing: FieldErrors = {};
    checkNameTranslations([{ language_id: FR, name: 'Bureau' }], EN, known, missing);
    expect(missing).toEqual({ translations: ['This field is required.'] });
  });

  it('refuses an unknown language and a language named twice', () => {
    const errors: FieldErrors = {};
    checkNameTranslations(
      [
        { language_id: EN, name: 'Desk' },
        { language_id: 99, name: 'x' },
        { language_id: EN, name: 'Again' },
      ],
      EN,
      known,
      errors,
    );
    expect(Object.keys(errors).sort()).toEqual(['translations.1.language_id', 'translations.2.language_id']);
  });
});
