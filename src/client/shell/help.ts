import { helpPathOf, helpPaths, type HelpPage } from '../../shared/contract/help';
import { apiPrefix } from '../api/environment';
import { useApi } from '../api/swr';

/** spec §2: a route's help, looked up by its path with numeric segments removed; 404 means none. */
export function useHelpPage(routePath: string | null) {
  return useApi<HelpPage>(routePath === null ? null : helpPaths(apiPrefix()).lookup, {
    searchParams: routePath === null ? undefined : { path: helpPathOf(routePath) },
    silent: true,
  });
}

/** The path of the screen a help child belongs to: '/levels/help' → '/levels'. */
export function parentOfHelp(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed.replace(/\/help$/i, '') || '/';
}
