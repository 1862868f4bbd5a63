import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch } from './search';

describe('search ignores case and accents', () => {
  it.each([
    ['São Paulo', 'sao', true],
    ['Zürich', 'ZURICH', true],
    ['Étage 2', 'etage', true],
    ['Floor 1', 'floor 2', false],
    ['anything', '   ', true],
  ])('%s contains %s: %s', (text, query, expected) => expect(matchesSearch(text, query)).toBe(expected));

  it('folds to plain lower case', () => expect(foldForSearch('Ünïcödé')).toBe('unicode'));
});
