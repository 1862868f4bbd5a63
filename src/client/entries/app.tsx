// First: it starts the page's requests before the modules below are evaluated.
import './app-cold-start';
import { createBrowserRouter } from 'react-router-dom';
import { setAppMode } from '../api/environment';
import { installRawKeyToggle } from '../i18n/raw-keys';
import { takeHandoverCode } from '../session/landing';
import { exchangeHandover } from '../session/session';
import { readStored } from '../session/storage';
import { prepareLoginScreen } from './prepare-login';
import { mount } from './root';
import { rootRouter } from './routes';

/** The browser app (index.html). */
async function start(): Promise<void> {
  setAppMode('browser');
  installRawKeyToggle();
  // spec §4: the company host completes a move from the master host. The code leaves the address
  // before anything renders, then is exchanged once for this host's session.
  const code = takeHandoverCode(window.location, (url) =>
    window.history.replaceState(window.history.state, '', url),
  );
  if (code) {
    try {
      await exchangeHandover(code);
    } catch {
      // The warning modal tells why; the user logs in here instead.
    }
  }
  if (!readStored('token')) prepareLoginScreen();
  const { routes, patchRoutesOnNavigation } = rootRouter('browser', window.location.pathname);
  mount('browser', createBrowserRouter(routes, { patchRoutesOnNavigation }));
  // The one service worker (src/client/service-worker/sw.js): the app opens, and shows today's
  // bookings and passes, without a connection. Registered after the first screen, off its path.
  if ('serviceWorker' in navigator)
    window.addEventListener(
      'load',
      () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined),
    );
}

void start();
