import type { ApprovalStatus, DeclarationStatus } from './declaration-rules';

/**
 * Ours (the spec names space passes but not their rules): a space pass is the holder's proof of one
 * of their bookings, shown at the door or the desk. It is derived from the booking, so it exists
 * from the moment the booking does and follows it: valid from the booking's start to its end.
 * Revoking a pass withdraws the proof only; the booking stays (it is cancelled from the booking).
 */
export const PASS_STATUSES = ['pending', 'upcoming', 'valid', 'expired', 'cancelled', 'revoked'] as const;
export type PassStatus = (typeof PASS_STATUSES)[number];

export interface PassMoment {
  starts_at: Date;
  ends_at: Date;
  status: DeclarationStatus;
  approval_status: ApprovalStatus;
  revoked_at: Date | null;
}

/** What a pass proves at `now`. The first rule that applies wins. */
export function passStatus(pass: PassMoment, now: Date): PassStatus {
  if (pass.revoked_at) return 'revoked';
  if (pass.status === 'cancelled' || pass.status === 'released' || pass.approval_status === 'rejected')
    return 'cancelled';
  if (pass.status === 'checked_out' || now >= pass.ends_at) return 'expired';
  // an on-request booking is no proof until it is approved
  if (pass.approval_status === 'pending') return 'pending';
  return now < pass.starts_at ? 'upcoming' : 'valid';
}

/** A pass shows its QR code only while it proves a booking that holds its resource. */
export const showsQrCode = (status: PassStatus) => status === 'upcoming' || status === 'valid';

/** The holder may revoke a pass that still means something (not one that is over already). */
export const canRevoke = (status: PassStatus) =>
  status === 'pending' || status === 'upcoming' || status === 'valid';
