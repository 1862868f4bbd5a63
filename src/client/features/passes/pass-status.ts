import type { PassStatus } from '../../../shared/booking/pass-status';
import type { LabelFn } from '../../i18n/i18n';

/** How a pass's status reads, and its badge's colour (a word beside it, never colour alone). */
export const STATUS_BADGE: Record<PassStatus, 'success' | 'informative' | 'warning' | 'danger' | 'subtle'> = {
  valid: 'success',
  upcoming: 'informative',
  pending: 'warning',
  expired: 'subtle',
  cancelled: 'danger',
  revoked: 'danger',
};

export function statusText(t: LabelFn, status: PassStatus): string {
  switch (status) {
    case 'valid':
      return t('passes.status.valid', 'Valid now');
    case 'upcoming':
      return t('passes.status.upcoming', 'Upcoming');
    case 'pending':
      return t('passes.status.pending', 'Awaiting approval');
    case 'expired':
      return t('passes.status.expired', 'Over');
    case 'cancelled':
      return t('passes.status.cancelled', 'Booking cancelled');
    case 'revoked':
      return t('passes.status.revoked', 'Revoked');
  }
}

/** Why a pass shows no QR code. */
export function noQrReason(t: LabelFn, status: PassStatus): string {
  switch (status) {
    case 'pending':
      return t(
        'passes.no-qr.pending',
        'The booking awaits approval: its pass shows a QR code once it is approved.',
      );
    case 'expired':
      return t('passes.no-qr.expired', 'This pass is over: the booking has ended or was checked out.');
    case 'cancelled':
      return t(
        'passes.no-qr.cancelled',
        'This pass is void: its booking was cancelled, released or rejected.',
      );
    case 'revoked':
      return t('passes.no-qr.revoked', 'This pass was revoked. The booking itself was not changed.');
    default:
      return '';
  }
}
