import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import { RouterProvider, type createMemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { SessionProvider } from '../../src/client/session/provider';

type MemoryRouter = ReturnType<typeof createMemoryRouter>;

/** A screen test's router drawn as the app draws it: the session, a fresh SWR cache, Fluent. */
export function renderWithSession(router: MemoryRouter): MemoryRouter {
  render(
    <SessionProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <FluentProvider theme={webLightTheme}>
          <RouterProvider router={router} />
        </FluentProvider>
      </SWRConfig>
    </SessionProvider>,
  );
  return router;
}
