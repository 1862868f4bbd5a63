import type { DeclarationList } from '../../../../shared/contract/declarations';
import { declarationsPath } from '../../../../shared/contract/declarations-paths';
import { homePath, type HomeResource, type HomeSummary } from '../../../../shared/contract/home';
import { planPaths, type PlanSlots } from '../../../../shared/contract/plan';
import { addDays } from '../../../../shared/time/zone';
import { calendarDateIn } from '../../../../shared/time/calendar-date';
import { api } from '../../../api/client';
import { useApi } from '../../../api/swr';

/** How many days the home shows: today and the next ones. */
export const HOME_DAYS = 5;

export const useHomeSummary = (enabled: boolean) => useApi<HomeSummary>(enabled ? homePath : null);

/** My bookings from today on (GET declarations reads the days in the user's zone). */
export const useUpcomingBookings = (today: string | null) =>
  useApi<DeclarationList>(today === null ? null : declarationsPath, {
    searchParams: today === null ? undefined : { date_from: today, date_to: addDays(today, HOME_DAYS - 1) },
  });

/**
 * Books the resource's whole bookable day today, in its zone: its all-day slot (spec §3 slot
 * types). Answers false when that slot is not free; a refusal of the server throws.
 */
export async function bookWholeDay(resource: HomeResource): Promise<boolean> {
  const date = calendarDateIn(resource.timezone);
  const url = planPaths.slots.replace(':type', 'resource').replace(':id', String(resource.id));
  const day = await api.get<PlanSlots>(url, { searchParams: { date, slot_type: 'all-day' }, silent: true });
  const free = day.slots.filter((slot) => slot.available);
  if (free.length === 0) return false;
  await api.post<DeclarationList>(
    declarationsPath,
    {
      resource_id: resource.id,
      slots: free.map(({ datetime_from, datetime_to }) => ({ datetime_from, datetime_to })),
    },
    { silent: true },
  );
  return true;
}
