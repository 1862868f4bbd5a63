import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router-dom';
import { CATCH_ALL, routeDiscovery, type Surface } from '../routing/router';
import { RouteError } from '../shell/route-error';
import { Shell, ShellFallback } from '../shell/shell';
import { wrapScreen } from '../shell/sub-screen';

export interface RootRouter {
  routes: RouteObject[];
  patchRoutesOnNavigation: PatchRoutesOnNavigationFunction;
}

/**
 * The shell around the table's screens, for one surface, opened at `pathname`. The router starts
 * knowing only the screen at that address and the catch-all, and learns each other screen when a
 * navigation first reaches it (react-router's patchRoutesOnNavigation): react-router flattens,
 * ranks and compiles the paths of every route it knows when it starts and on each match, which
 * with the whole table (268 routes) took a cold start 30–40 ms of its main thread.
 */
export function rootRouter(surface: Surface, pathname: string): RootRouter {
  const discover = routeDiscovery(surface, wrapScreen);
  return {
    routes: [
      {
        id: 'root',
        element: <Shell />,
        errorElement: <RouteError />,
        hydrateFallbackElement: <ShellFallback />,
        children: [...discover(pathname), CATCH_ALL],
      },
    ],
    patchRoutesOnNavigation: ({ path, patch }) => {
      const found = discover(path);
      if (found.length > 0) patch('root', found);
    },
  };
}
