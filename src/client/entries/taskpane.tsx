import { createMemoryRouter } from 'react-router-dom';
import { setAppMode } from '../api/environment';
import { prepareLoginScreen } from '../features/general/login-labels';
import { preloadFirstRooms } from '../features/outlook/first-rooms';
import { installRawKeyToggle } from '../i18n/raw-keys';
import { officeReady } from '../office/office';
import { readStored } from '../session/storage';
import { mount } from './root';
import { rootRoutes } from './routes';

/**
 * The Outlook task pane (taskpane.html). It renders after Office is ready, with a memory router:
 * Office.js nulls history.pushState/replaceState, so the pane never touches the address.
 */
async function start(): Promise<void> {
  setAppMode('addin');
  installRawKeyToggle();
  try {
    await officeReady();
  } catch (error) {
    const root = document.getElementById('root');
    if (root) {
      root.setAttribute('role', 'alert');
      root.textContent = error instanceof Error ? error.message : String(error);
    }
    return;
  }
  if (!readStored('token')) prepareLoginScreen();
  // Signed in already: the free rooms are asked for alongside the session, not after it. A failure
  // here is the landing's to show when it reads the meeting itself.
  else void preloadFirstRooms().catch(() => undefined);
  mount('addin', createMemoryRouter(rootRoutes('addin'), { initialEntries: ['/outlook'] }));
}

void start();
