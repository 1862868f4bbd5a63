import { describe, expect, it } from 'vitest';
import { nearestHelpPath } from './help';

const paths = new Set(['/levels', '/level/edit', '/home', '/plan']);

describe('spec §2 the help button: which help a screen opens', () => {
  it('opens the screen’s own help, found without numeric segments', () => {
    expect(nearestHelpPath('/level/12/edit', paths)).toBe('/level/edit');
  });

  it('opens the parent screen’s help on a sub-screen without its own, instead of staying greyed out', () => {
    expect(nearestHelpPath('/levels/add/working-hours', paths)).toBe('/levels');
    expect(nearestHelpPath('/plan/4/resources/slots', paths)).toBe('/plan');
  });

  it('has none where no screen up the path has help', () => {
    expect(nearestHelpPath('/reports/reservations', paths)).toBeNull();
    expect(nearestHelpPath('/', paths)).toBeNull();
  });
});
