import { can } from '../../shared/permissions/can';
import type { InitialData } from '../../shared/contract/auth';
import type { MenuPreference } from '../../shared/contract/preferences';
import { requirementsOf, shownInMenu } from '../routing/guards';
import type { ResolvedRoute } from '../routing/types';
import type { Surface } from '../routing/router';

/**
 * The modules a user may open, for the side menu and the welcome screen: top-level menu entries of
 * this surface that the user's permissions allow (spec §6: on a company site; the master area allows
 * everything) and whose menu preference is not automatic.
 */
export function menuRoutes(
  routes: readonly ResolvedRoute[],
  {
    surface,
    company,
    session,
    preferences,
  }: { surface: Surface; company: boolean; session: InitialData | null; preferences: readonly MenuPreference[] | null },
): ResolvedRoute[] {
  return routes.filter(({ entry, parent, chain }) => {
    if (parent !== null || !entry.menu) return false;
    if (entry.surface && entry.surface !== surface) return false;
    if (entry.access === 'platform-admin' && (company || !session?.user.is_platform_admin)) return false;
    if (company && !requirementsOf({ chain }).every((rule) => can(session?.general_permissions ?? [], rule))) return false;
    return shownInMenu(entry.menuPreference, preferences);
  });
}
