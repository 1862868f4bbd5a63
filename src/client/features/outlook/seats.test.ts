import { describe, expect, it } from 'vitest';
import type { Meeting } from '../../office/office';
import { seatsFrom, seatsWanted } from './seats';

const meeting = (required: number, optional = 0) =>
  ({
    requiredAttendees: Array.from({ length: required }, (_, i) => ({ name: `R${i}`, email: `r${i}@x.test` })),
    optionalAttendees: Array.from({ length: optional }, (_, i) => ({ name: `O${i}`, email: `o${i}@x.test` })),
  }) as unknown as Meeting;

describe('the seats the pane looks for (issue 41: remote attendees need no seat)', () => {
  it('is one per invitee and the organiser until the user says otherwise', () => {
    expect(seatsWanted(meeting(4, 1), null)).toBe(6);
  });

  it('is what the user asked, fewer than the invitees too', () => {
    expect(seatsWanted(meeting(4, 1), 2)).toBe(2);
    expect(seatsWanted(meeting(0), 3)).toBe(3);
  });
});

describe('a seat field’s value', () => {
  it('takes the stepped value, else what was typed, as a whole number of at least 1', () => {
    expect(seatsFrom(3, undefined)).toBe(3);
    expect(seatsFrom(null, '7')).toBe(7);
    expect(seatsFrom(undefined, ' 2.6 ')).toBe(3);
    expect(seatsFrom(null, '9999')).toBe(500);
  });

  it('is null for nothing, zero, a negative or not a number', () => {
    expect(seatsFrom(null, '')).toBeNull();
    expect(seatsFrom(undefined, undefined)).toBeNull();
    expect(seatsFrom(0, undefined)).toBeNull();
    expect(seatsFrom(null, '-2')).toBeNull();
    expect(seatsFrom(null, 'two')).toBeNull();
  });
});
