import type { DeclarationStatus, ExtendingType } from '../../../shared/booking/declaration-rules';
import type { Declaration } from '../../../shared/contract/declarations';
import type { LabelFn } from '../../i18n/i18n';

export function bookingStatusText(
  t: LabelFn,
  booking: Pick<Declaration, 'status' | 'approval_status'>,
): string {
  if (booking.approval_status === 'rejected') return t('actions.status.rejected', 'Rejected');
  if (booking.approval_status === 'pending' && booking.status === 'booked')
    return t('actions.status.pending', 'Awaiting approval');
  const texts: Record<DeclarationStatus, string> = {
    booked: t('actions.status.booked', 'Booked'),
    checked_in: t('actions.status.checked-in', 'Checked in'),
    checked_out: t('actions.status.checked-out', 'Checked out'),
    released: t('actions.status.released', 'Released (no check-in)'),
    cancelled: t('actions.status.cancelled', 'Cancelled'),
  };
  return texts[booking.status];
}

export function extendingTypeText(t: LabelFn, type: ExtendingType): string {
  const texts: Record<ExtendingType, string> = {
    '15-minutes': t('actions.extend.15-minutes', 'By 15 minutes'),
    '30-minutes': t('actions.extend.30-minutes', 'By 30 minutes'),
    hours: t('actions.extend.hours', 'By one hour'),
    'until-end-of-day': t('actions.extend.until-end-of-day', 'Until the end of the day'),
  };
  return texts[type];
}
