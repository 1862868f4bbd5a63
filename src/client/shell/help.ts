import {
  helpCssPath,
  helpPathOf,
  helpPaths,
  type HelpIndexEntry,
  type HelpPage,
} from '../../shared/contract/help';
import { apiPrefix } from '../api/environment';
import { useApi } from '../api/swr';

/** spec §2: a route's help, looked up by its path with numeric segments removed; 404 means none. */
export function useHelpPage(routePath: string | null) {
  return useApi<HelpPage>(routePath === null ? null : helpPaths(apiPrefix()).lookup, {
    searchParams: routePath === null ? undefined : { path: helpPathOf(routePath) },
    silent: true,
  });
}

/** The paths that have help, in one request per session (instead of a lookup, and a 404, per screen). */
function useHelpIndex() {
  return useApi<{ data: HelpIndexEntry[] }>(helpPaths(apiPrefix()).index, { silent: true });
}

/**
 * The help path nearest to a screen: its own, else its parent screen's (a sub-screen such as
 * /levels/edit shares /levels' help), up to the first segment. Null when none has help.
 */
export function nearestHelpPath(routePath: string, paths: ReadonlySet<string>): string | null {
  let path = helpPathOf(routePath);
  for (;;) {
    if (paths.has(path)) return path;
    const up = path.replace(/\/[^/]*$/, '');
    if (up === '') return null;
    path = up;
  }
}

/** spec §2 help button: the help path for a screen (null: no help, or not known yet). */
export function useNearestHelp(routePath: string | null): { path: string | null; isLoading: boolean } {
  const index = useHelpIndex();
  if (routePath === null || !index.data) return { path: null, isLoading: index.isLoading };
  const paths = new Set(index.data.data.map((entry) => entry.path));
  return { path: nearestHelpPath(routePath, paths), isLoading: false };
}

/** The path of the screen a help child belongs to: '/levels/help' → '/levels'. */
export function parentOfHelp(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed.replace(/\/help$/i, '') || '/';
}

/** The platform's help stylesheet (public, like the pages); empty when none is set. */
export function useHelpStylesheet() {
  return useApi<{ css: string }>(helpCssPath(apiPrefix()), { silent: true });
}
