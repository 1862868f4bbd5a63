import { describe, expect, it } from 'vitest';
import { workingHoursErrors } from './working-hours';

describe('working hours', () => {
  it('refuses 18:00 → 08:00 with a message on the end', () => {
    expect(workingHoursErrors('18:00', '08:00')).toEqual({
      working_hours_to: ['The end must be after the start.'],
    });
  });

  it('refuses an empty day (the end equal to the start)', () => {
    expect(workingHoursErrors('08:00', '08:00')).not.toEqual({});
  });

  it('accepts 08:00 → 18:00', () => expect(workingHoursErrors('08:00', '18:00')).toEqual({}));
});
