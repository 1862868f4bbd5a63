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
  /**
   * Starts the screen's first GETs (into the swr cache its hooks read) while the guards still run,
   * so the answers are under way before the screen mounts. The guards still decide whether it
   * shows; the server refuses what the user may not read. It lives in the screen's chunk, not the
   * route table: what it imports stays out of the first download.
   */
  prefetch?: (params: RouteParams, url: URL) => void;
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
  /** listed in the side menu (top-level entries only) */
  menu?: boolean;
  /** default: both the browser app and the task pane */
  surface?: 'browser' | 'addin';
  screen: () => Promise<ScreenModule>;
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
