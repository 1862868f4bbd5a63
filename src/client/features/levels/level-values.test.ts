import { describe, expect, it } from 'vitest';
import { changeBody, createBody, subScreenOf, valuesOf } from './level-values';

const LANGUAGES = [
  { id: 1, code: 'en', locale: 'en-GB', name: 'English' },
  { id: 2, code: 'fr', locale: 'fr-FR', name: 'Français' },
  { id: 3, code: 'de', locale: 'de-DE', name: 'Deutsch' },
];

describe('spec §2 /level: what the sub-screens send', () => {
  it('a new level starts in the company timezone and country, open 08:00 to 18:00', () => {
    const values = valuesOf(undefined, { timezone: 'Europe/Paris', country_id: 75 });
    expect(values).toMatchObject({
      kind: 'floor',
      timezone: 'Europe/Paris',
      country_id: 75,
      working_hours_from: '08:00',
      working_hours_to: '18:00',
      map_id: null,
    });
  });

  it('sends only what a sub-screen changed, and names only in the languages given (trimmed)', () => {
    expect(changeBody({ timezone: 'Europe/Berlin' }, LANGUAGES)).toEqual({ timezone: 'Europe/Berlin' });
    expect(changeBody({ names: { 1: ' Floor 7 ', 2: '', 3: 'Etage 7' } }, LANGUAGES)).toEqual({
      translations: [
        { language_id: 1, name: 'Floor 7' },
        { language_id: 3, name: 'Etage 7' },
      ],
    });
  });

  it('creates the level with everything the sub-screens held', () => {
    const values = {
      ...valuesOf(undefined, { timezone: 'UTC', country_id: 1 }),
      map_id: 4,
      names: { 1: 'Floor 7' },
    };
    expect(createBody(values, LANGUAGES)).toMatchObject({
      kind: 'floor',
      map_id: 4,
      timezone: 'UTC',
      translations: [{ language_id: 1, name: 'Floor 7' }],
    });
  });

  it('sends a server error to the sub-screen that holds the field', () => {
    expect(subScreenOf('translations.0.name')).toBe('name-translations');
    expect(subScreenOf('working_hours_to')).toBe('working-hours');
    expect(subScreenOf('country_id')).toBe('country');
    expect(subScreenOf('map_id')).toBe('map');
    expect(subScreenOf('parent_id')).toBeUndefined();
  });
});
