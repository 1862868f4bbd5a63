import { describe, expect, it } from 'vitest';
import { defaultSubject } from './subject';

describe('the subject of a new booking (DefaultMeetingTitle)', () => {
  it('leaves a desk booking untitled instead of calling it "Meeting"', () => {
    expect(defaultSubject({ capacity: 1 }, 'Meeting')).toBeUndefined();
  });

  it('titles a room booking with the DefaultMeetingTitle preference', () => {
    expect(defaultSubject({ capacity: 8 }, 'Team meeting')).toBe('Team meeting');
  });

  it('gives no title when the preference is empty', () => {
    expect(defaultSubject({ capacity: 8 }, '  ')).toBeUndefined();
    expect(defaultSubject({ capacity: 8 }, undefined)).toBeUndefined();
  });
});
