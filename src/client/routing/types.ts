import type { ComponentType } from 'react';
import type { ApplicationId } from '../../shared/contract/applications';
import type { PermissionRequirement } from '../../shared/permissions/can';

export type RouteName = `r_${string}`;

/**
 * Who may open a route (spec §2: "most routes require login"). 'platform-admin' routes exist only in
 * the master area, for platform administrators.
 */
export type RouteAccess = 'public' | 'login' | 'platform-admin';

export type RouteParams = Readonly<Record<string, string | undefined>>;

/** A screen's lazy chunk. */
export interface ScreenModule {
  default: ComponentType;
}

/** One row of the route table. Everything else (router, guards, menu, help, links) derives from these. */
export interface RouteEntry {
  name: RouteName;
  /** absolute for top-level entries ('/about'), relative for children ('add-version', 'edit/:id') */
  path: string;
  /** more absolute paths for the same screen ('/' for r_home) */
  aliases?: readonly string[];
  /** header title: a label code with its English default */
  title: { code: string; english: string };
  /** default 'login' */
  access?: RouteAccess;
  permission?: PermissionRequirement;
  application?: ApplicationId;
  /** the module key whose menu preference decides whether the side menu lists it (spec §6) */
  menuPreference?: string;
  /**
   * listed in the side menu (top-level entries only, but for the task pane's own screens, whose menu
   * is theirs alone); 'master': there in the master area only
   */
  menu?: boolean | 'master';
  /** the side menu's name for it, when not its title */
  menuTitle?: { code: string; english: string };
  /**
   * Also a screen of the master area (home, about, help). Other login screens are company screens:
   * in the master area they are not offered and answer /404, since their calls need a company.
   */
  master?: boolean;
  /** default: both the browser app and the task pane */
  surface?: 'browser' | 'addin';
  screen: () => Promise<ScreenModule>;
  /**
   * Starts the screen's first requests (into the swr cache its hooks read) on a cold start, beside
   * the session's and before the screen's chunk has arrived; also when a child route is opened, as
   * the screen stays mounted under it. The guards still decide whether it shows; the server
   * refuses what the user may not read. What it imports is in every first download: keep it to
   * paths and the api helpers (no schemas).
   */
  prefetch?: (params: RouteParams, url: URL) => void;
  children?: readonly RouteEntry[];
}

/** An entry placed in the tree: its full path and the chain of entries from the top down to it. */
export interface ResolvedRoute {
  entry: RouteEntry;
  fullPath: string;
  chain: readonly RouteEntry[];
  parent: ResolvedRoute | null;
  isHelp: boolean;
}
