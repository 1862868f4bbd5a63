import { can } from '../../shared/permissions/can';
import type { InitialData } from '../../shared/contract/auth';
import type { MenuPreference } from '../../shared/contract/preferences';
import { isCompanyScreen, requirementsOf, shownInMenu } from '../routing/guards';
import type { ResolvedRoute } from '../routing/types';
import { visible, type Surface } from '../routing/tree';

/**
 * The modules a user may open, for the side menu and the welcome screen: top-level menu entries of
 * this surface (in the task pane, its own screens marked for the menu) that the user's permissions
 * allow (spec §6: on a company site; the master area lists its own screens only) and whose menu
 * preference is not automatic.
 */
export function menuRoutes(
  routes: readonly ResolvedRoute[],
  {
    surface,
    company,
    session,
    preferences,
  }: {
    surface: Surface;
    company: boolean;
    session: InitialData | null;
    preferences: readonly MenuPreference[] | null;
  },
): ResolvedRoute[] {
  return routes.filter((route) => {
    const { entry, parent, chain } = route;
    // The task pane lists its own screens only (nested ones too): the browser app's modules cannot
    // render in its memory router. The browser app lists its top-level modules.
    const listed = surface === 'addin' ? chain[0]?.surface === 'addin' : parent === null;
    if (!listed || !entry.menu || (entry.menu === 'master' && company)) return false;
    if (!visible(route, surface)) return false;
    if (entry.access === 'platform-admin' && (company || !session?.user.is_platform_admin)) return false;
    // The master area lists master screens only; company screens live on the company hosts.
    if (!company && isCompanyScreen({ chain })) return false;
    if (company && !requirementsOf({ chain }).every((rule) => can(session?.general_permissions ?? [], rule)))
      return false;
    return shownInMenu(entry.menuPreference, preferences);
  });
}

/** A module's address for a link: its path with optional parameters left out ('/pass', never '/pass/:pass_id?'). */
export function menuHref(route: ResolvedRoute): string {
  return route.fullPath.replace(/\/:\w+\?/g, '') || '/';
}
