import { describe, expect, it } from 'vitest';
import { titleFontSize } from './title-size';

const title = (length: number) => 'x'.repeat(length);

describe('spec §2 header title shrink', () => {
  it.each([
    [1, null],
    [17, null],
    [18, 15],
    [20, 15],
    [21, 14],
    [22, 14],
    [23, 13],
    [25, 13],
    [40, 13],
  ])('%i characters → %s', (length, size) => expect(titleFontSize(title(length))).toBe(size));

  it('counts characters, not UTF-16 units', () => expect(titleFontSize('é'.repeat(17))).toBeNull());
});
