import { useMatches } from 'react-router-dom';
import { isRouteHandle } from '../routing/router';
import type { ResolvedRoute } from '../routing/types';

/** The table entry of the screen being shown (the deepest match that carries one). */
export function useCurrentRoute(): ResolvedRoute | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]!.handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return null;
}
