import type { ExtendingType } from '../../../shared/booking/declaration-rules';
import type { Declaration } from '../../../shared/contract/declarations';
import { declarationPath } from '../../../shared/contract/declarations-paths';
import { api } from '../../api/client';
import { useApi } from '../../api/swr';
import { refreshPasses } from '../passes/api';

/** GET declarations/{id}; a refusal shows on the screen, not as the warning modal. */
export const useBooking = (id: number) => useApi<Declaration>(declarationPath(id), { silent: true });

export type BookingAction = 'check-in' | 'check-out' | 'extend' | 'cancel';

/**
 * spec §7 POST declarations/{id}/check-in, /check-out, /extend?extending_type and DELETE
 * declarations/{id}. Silent: a refused action's message is shown beside the buttons. A pass follows
 * its booking, so cached passes are read again.
 */
export async function runBookingAction(
  id: number,
  action: BookingAction,
  extendingType?: ExtendingType,
): Promise<Declaration> {
  const path = declarationPath(id);
  const done =
    action === 'cancel'
      ? await api.delete<Declaration>(path, { silent: true })
      : await api.post<Declaration>(`${path}/${action}`, undefined, {
          silent: true,
          ...(action === 'extend' ? { searchParams: { extending_type: extendingType } } : {}),
        });
  await refreshPasses();
  return done;
}
