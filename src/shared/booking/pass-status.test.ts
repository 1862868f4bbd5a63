import { describe, expect, it } from 'vitest';
import { canRevoke, passStatus, showsQrCode, type PassMoment } from './pass-status';

const at = (time: string) => new Date(`2026-03-10T${time}:00Z`);
const pass = (changes: Partial<PassMoment> = {}): PassMoment => ({
  starts_at: at('09:00'),
  ends_at: at('12:00'),
  status: 'booked',
  approval_status: 'approved',
  revoked_at: null,
  ...changes,
});

describe('passStatus (ours: a pass proves its booking from its start to its end)', () => {
  it('is upcoming before the start, valid until the end, expired from the end', () => {
    expect(passStatus(pass(), at('08:59'))).toBe('upcoming');
    expect(passStatus(pass(), at('09:00'))).toBe('valid');
    expect(passStatus(pass({ status: 'checked_in' }), at('11:59'))).toBe('valid');
    expect(passStatus(pass(), at('12:00'))).toBe('expired');
  });

  it('is expired once checked out, even before the booked end', () => {
    expect(passStatus(pass({ status: 'checked_out' }), at('10:00'))).toBe('expired');
  });

  it('is cancelled with its booking: cancelled, released or rejected', () => {
    expect(passStatus(pass({ status: 'cancelled' }), at('08:00'))).toBe('cancelled');
    expect(passStatus(pass({ status: 'released' }), at('10:00'))).toBe('cancelled');
    expect(passStatus(pass({ approval_status: 'rejected' }), at('08:00'))).toBe('cancelled');
  });

  it('is pending while an on-request booking awaits approval', () => {
    expect(passStatus(pass({ approval_status: 'pending' }), at('08:00'))).toBe('pending');
  });

  it('is revoked whatever its booking does', () => {
    expect(passStatus(pass({ revoked_at: at('07:00') }), at('10:00'))).toBe('revoked');
  });

  it('shows a QR code only while upcoming or valid; revocable until over', () => {
    expect(
      ['pending', 'upcoming', 'valid', 'expired', 'cancelled', 'revoked'].filter((s) =>
        showsQrCode(s as never),
      ),
    ).toEqual(['upcoming', 'valid']);
    expect(
      ['pending', 'upcoming', 'valid', 'expired', 'cancelled', 'revoked'].filter((s) =>
        canRevoke(s as never),
      ),
    ).toEqual(['pending', 'upcoming', 'valid']);
  });
});
