import { describe, expect, it } from 'vitest';
import { inkOn } from './heat';

describe('heat map markers', () => {
  it('write in whichever of black and white reads better on the occupancy colour', () => {
    expect(inkOn('#d13438')).toBe('#ffffff'); // the default high colour
    expect(inkOn('#ffaa44')).toBe('#000000'); // the default average colour
    expect(inkOn('#107c10')).toBe('#ffffff'); // the default low colour
  });
});
