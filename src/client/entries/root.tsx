import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { href, routeExists } from '../routing/table';
import { SurfaceContext } from '../routing/surface';
import type { Surface } from '../routing/router';
import { SessionProvider } from '../session/provider';
import { connectRouter } from '../session/session';

type Router = ReturnType<typeof createBrowserRouter>;

/** Mounts a surface: Fluent theme, session store, router. Shared by both entries. */
export function mount(surface: Surface, router: Router): void {
  connectRouter({
    navigate: (to, options) => void router.navigate(to, options),
    exists: routeExists,
    href: (name) => href(name),
  });
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <FluentProvider theme={webLightTheme}>
        <SessionProvider>
          <SurfaceContext.Provider value={surface}>
            <RouterProvider router={router} />
          </SurfaceContext.Provider>
        </SessionProvider>
      </FluentProvider>
    </StrictMode>,
  );
}
