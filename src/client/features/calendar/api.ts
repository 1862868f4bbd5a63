import type { Declaration, DeclarationList } from '../../../shared/contract/declarations';
import { declarationPath, declarationsPath } from '../../../shared/contract/declarations-paths';
import type { ExtendingType } from '../../../shared/booking/declaration-rules';
import { api } from '../../api/client';
import { useApi } from '../../api/swr';
import type { listQuery } from './calendar-events';

/** GET declarations for the days the calendar shows (the list is not paginated: one call per range). */
export function useBookings(query: ReturnType<typeof listQuery>) {
  return useApi<DeclarationList>(declarationsPath, { searchParams: query });
}

// Failures show in the booking panel, not the warning modal.
const silent = { silent: true } as const;

export const bookingActions = {
  checkIn: (id: number) => api.post<Declaration>(`${declarationPath(id)}/check-in`, {}, silent),
  checkOut: (id: number) => api.post<Declaration>(`${declarationPath(id)}/check-out`, {}, silent),
  extend: (id: number, type: ExtendingType) =>
    api.post<Declaration>(
      `${declarationPath(id)}/extend`,
      {},
      { ...silent, searchParams: { extending_type: type } },
    ),
  cancel: (id: number) => api.delete<Declaration>(declarationPath(id), silent),
};
