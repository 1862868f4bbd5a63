import { describe, expect, it } from 'vitest';
import { levelNaming, preferredName } from './level-names';

const EN = 1;
const FR = 2;
const DE = 3;

const translations = [
  { level_id: 10, language_id: EN, name: 'Acme HQ' },
  { level_id: 11, language_id: EN, name: 'Building A' },
  { level_id: 11, language_id: FR, name: 'Bâtiment A' },
  { level_id: 12, language_id: DE, name: 'Etage 1' },
];

describe('level names (spec: names in the user’s language, else the company’s, else any)', () => {
  it('picks the reader’s language, then the company’s, then the first there is', () => {
    const list = translations.filter((row) => row.level_id === 11);
    expect(preferredName(list, { user: FR, company: EN })).toBe('Bâtiment A');
    expect(preferredName(list, { user: DE, company: EN })).toBe('Building A');
    expect(preferredName(translations.slice(3), { user: FR, company: EN })).toBe('Etage 1');
    expect(preferredName([], { user: FR, company: EN })).toBe('');
  });

  it('builds a level’s path from the top, each name in the reader’s language', () => {
    const naming = levelNaming(translations, { user: FR, company: EN });
    expect(naming.nameOf(11)).toBe('Bâtiment A');
    expect(naming.pathOf([10, 11, 12])).toBe('Acme HQ / Bâtiment A / Etage 1');
    expect(naming.translationsOf(11).map((row) => row.name)).toEqual(['Building A', 'Bâtiment A']);
    expect(naming.nameOf(99)).toBe('');
  });
});
