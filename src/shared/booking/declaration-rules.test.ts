import { describe, expect, it } from 'vitest';
import type { GeneralPermission } from '../permissions';
import {
  bookingRefusal,
  canCancel,
  canCheckIn,
  canCheckOut,
  canExtend,
  costCents,
  countsTowardsLimit,
  extendedEnd,
  mergeContiguous,
  overlapsItself,
  planResourceLimit,
  readGraceMinutes,
  type BookingMoment,
} from './declaration-rules';

const at = (time: string) => new Date(`2026-12-01T${time}:00Z`);
const booking = (status: BookingMoment['status'] = 'booked'): BookingMoment => ({
  starts_at: at('09:00'),
  ends_at: at('10:00'),
  status,
  approval_status: 'approved',
});

describe('declaration rules (spec §4 check-in, check-out, extend)', () => {
  it('opens check-in 15 minutes before the start and closes it at the end', () => {
    expect(canCheckIn(booking(), at('08:44'))).toBe(false);
    expect(canCheckIn(booking(), at('08:45'))).toBe(true);
    expect(canCheckIn(booking(), at('09:59'))).toBe(true);
    expect(canCheckIn(booking(), at('10:00'))).toBe(false);
    expect(canCheckIn({ ...booking(), approval_status: 'pending' }, at('09:00'))).toBe(false);
    expect(canCheckIn(booking('checked_in'), at('09:00'))).toBe(false);
  });

  it('checks out only a checked-in booking, cancels only one not checked in, extends one that holds', () => {
    expect(canCheckOut(booking('checked_in'), at('09:30'))).toBe(true);
    expect(canCheckOut(booking(), at('09:30'))).toBe(false);
    expect(canCancel(booking(), at('09:30'))).toBe(true);
    expect(canCancel(booking('checked_in'), at('09:30'))).toBe(false);
    expect(canCancel(booking(), at('10:00'))).toBe(false);
    expect(canExtend(booking('checked_in'), at('09:30'))).toBe(true);
    expect(canExtend({ ...booking(), approval_status: 'rejected' }, at('09:30'))).toBe(false);
    expect(canExtend(booking('released'), at('09:30'))).toBe(false);
  });

  it('extends by the extending type, never past the end of the working day', () => {
    const endOfDay = at('18:00');
    expect(extendedEnd(at('10:00'), '15-minutes', endOfDay)).toEqual(at('10:15'));
    expect(extendedEnd(at('10:00'), '30-minutes', endOfDay)).toEqual(at('10:30'));
    expect(extendedEnd(at('10:00'), 'hours', endOfDay)).toEqual(at('11:00'));
    expect(extendedEnd(at('17:30'), 'hours', endOfDay)).toEqual(endOfDay);
    expect(extendedEnd(at('10:00'), 'until-end-of-day', endOfDay)).toEqual(endOfDay);
  });

  it('merges slots that follow each other and finds slots that overlap', () => {
    const slot = (from: string, to: string) => ({ datetime_from: at(from), datetime_to: at(to) });
    expect(mergeContiguous([slot('10:00', '11:00'), slot('09:00', '10:00'), slot('14:00', '15:00')])).toEqual(
      [slot('09:00', '11:00'), slot('14:00', '15:00')],
    );
    expect(overlapsItself([slot('09:00', '10:00'), slot('10:00', '11:00')])).toBe(false);
    expect(overlapsItself([slot('09:00', '10:00'), slot('09:30', '10:30')])).toBe(true);
  });

  it('reads the limit from the PLAN value and counts personal places only', () => {
    const plan = (value: number | null, is_active = true): GeneralPermission => ({
      permission: 'PLAN',
      type: 'NUMERICAL',
      is_active,
      create: false,
      read: false,
      update: false,
      delete: false,
      value,
    });
    expect(planResourceLimit([plan(2)])).toBe(2);
    expect(planResourceLimit([plan(0)])).toBeNull();
    expect(planResourceLimit([plan(null)])).toBeNull();
    expect(planResourceLimit([plan(2, false)])).toBeNull();
    expect(countsTowardsLimit({ exclusive: true, capacity: 1 })).toBe(true);
    expect(countsTowardsLimit({ exclusive: false, capacity: 40 })).toBe(true);
    expect(countsTowardsLimit({ exclusive: true, capacity: 8 })).toBe(false);
  });

  it('prices by the minute and reads the grace period with its default', () => {
    expect(costCents(1200, at('09:00'), at('10:30'))).toBe(1800);
    expect(readGraceMinutes(null)).toBe(15);
    expect(readGraceMinutes('0')).toBe(0);
    expect(readGraceMinutes('soon')).toBe(15);
  });

  it('refuses a not-bookable resource to everyone, an assigned one without its holders, and one kept for roles to others', () => {
    expect(bookingRefusal({ resource_model: 'bookable' })).toBeNull();
    expect(bookingRefusal({ resource_model: 'on_request' })).toBeNull();
    expect(bookingRefusal({ resource_model: 'not_bookable' })).toBe('not-bookable');
    expect(bookingRefusal({ resource_model: 'assigned' })).toBe('assigned');
    expect(bookingRefusal({ resource_model: 'bookable' }, { allowed: [3], mine: [1, 2] })).toBe(
      'not-your-role',
    );
    expect(bookingRefusal({ resource_model: 'bookable' }, { allowed: [3], mine: [3] })).toBeNull();
    expect(bookingRefusal({ resource_model: 'bookable' }, { allowed: [], mine: [] })).toBeNull();
  });

  describe('an assigned resource (spec §2 assigned-resources: bookable by others during a break)', () => {
    const desk = { resource_model: 'assigned' as const };
    const stretch = (from: string, to: string) => ({ starts_at: at(from), ends_at: at(to) });
    const lunch = stretch('12:00', '14:00');
    const access = (
      userId: number,
      slots: ReturnType<typeof stretch>[],
      holders = new Map([[7, [lunch]]]),
    ) => ({
      userId,
      holders,
      slots,
    });

    it('is always its holder’s, breaks or not', () => {
      expect(bookingRefusal(desk, undefined, access(7, [stretch('09:00', '17:00')]))).toBeNull();
      expect(bookingRefusal(desk, undefined, access(7, [stretch('12:00', '13:00')]))).toBeNull();
    });

    it('lets another user book a slot entirely inside the holder’s break', () => {
      expect(bookingRefusal(desk, undefined, access(8, [stretch('12:00', '14:00')]))).toBeNull();
      expect(bookingRefusal(desk, undefined, access(8, [stretch('12:30', '13:00')]))).toBeNull();
    });

    it('refuses another user a slot outside the break or reaching past it', () => {
      expect(bookingRefusal(desk, undefined, access(8, [stretch('09:00', '10:00')]))).toBe('assigned');
      expect(bookingRefusal(desk, undefined, access(8, [stretch('13:00', '15:00')]))).toBe('assigned');
      expect(
        bookingRefusal(desk, undefined, access(8, [stretch('12:00', '13:00'), stretch('16:00', '17:00')])),
      ).toBe('assigned');
      expect(bookingRefusal(desk, undefined, access(8, []))).toBe('assigned');
    });

    it('is free to others only while every holder is away, and to nobody without a holder', () => {
      const two = new Map([
        [7, [lunch]],
        [9, [stretch('13:00', '18:00')]],
      ]);
      expect(bookingRefusal(desk, undefined, access(8, [stretch('13:00', '14:00')], two))).toBeNull();
      expect(bookingRefusal(desk, undefined, access(8, [stretch('12:00', '13:00')], two))).toBe('assigned');
      expect(bookingRefusal(desk, undefined, access(8, [stretch('12:00', '13:00')], new Map()))).toBe(
        'assigned',
      );
    });

    it('still asks for one of the roles it is kept for', () => {
      const roles = { allowed: [3], mine: [1] };
      expect(bookingRefusal(desk, roles, access(8, [stretch('12:00', '13:00')]))).toBe('not-your-role');
    });
  });
});
