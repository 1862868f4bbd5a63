import type { RouteObject } from 'react-router-dom';
import { buildRoutes, type Surface } from '../routing/router';
import { RouteError } from '../shell/route-error';
import { Shell, ShellFallback } from '../shell/shell';
import { wrapScreen } from '../shell/sub-screen';

/** The shell around every screen of the table, for one surface. */
export function rootRoutes(surface: Surface): RouteObject[] {
  return [
    {
      id: 'root',
      element: <Shell />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <ShellFallback />,
      children: buildRoutes(surface, wrapScreen),
    },
  ];
}
