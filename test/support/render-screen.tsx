import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import { RouterProvider, type createMemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { InitialData } from '../../src/shared/contract/auth';
import { SessionProvider } from '../../src/client/session/provider';
import { initialDataAtom, sessionStore } from '../../src/client/session/session';

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

/** A signed-in user with the spec §9 default formats and the Zurich zone, as the session holds them. */
export function signInWithDefaultFormats(): void {
  sessionStore.set(initialDataAtom, {
    user: { timezone: 'Europe/Zurich' },
    general_permissions: [],
    usertimepreference: { date_format: 'd.M.yyyy', time_format: 'HH:mm', timezone: 'Europe/Zurich' },
  } as unknown as InitialData);
}
