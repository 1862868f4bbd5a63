import { createMemoryRouter } from 'react-router-dom';
import { setAppMode } from '../api/environment';
import { firstReads, preloadFirstRooms } from '../features/outlook/first-rooms';
import { installRawKeyToggle } from '../i18n/raw-keys';
import { warmDateFormatting } from '../i18n/warm-date-formatting';
import { officeReady } from '../office/office';
import { storagePartition } from '../office/office-sign-in';
import { currentSession, ensureSession } from '../session/session';
import { readStored, setStoragePartition } from '../session/storage';
import { prepareLoginScreen } from './prepare-login';
import { mount } from './root';
import { rootRouter } from './routes';

/** How long the first render waits for Outlook's answer about the meeting: a few ms in practice. */
const MEETING_WAIT_MS = 100;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The landing's meeting session (what the server holds for the meeting), started once the user's
 * zone is known rather than from the landing's first effect: the landing then mounts ready, and
 * draws the free rooms in its first render instead of a loader first. Its scripts are the landing's
 * own, preloaded.
 */
function startPaneEarly(signedIn: boolean): void {
  if (!signedIn) return;
  void Promise.all([
    import(/* webpackChunkName: "outlook" */ '../features/outlook/pane-session'),
    import(/* webpackChunkName: "outlook" */ '../features/outlook/use-meeting-format'),
  ]).then(([{ startPane }, { userZoneOf }]) => startPane(userZoneOf(currentSession())));
}

/**
 * The Outlook task pane (taskpane.html). It renders after Office is ready, with a memory router:
 * Office.js nulls history.pushState/replaceState, so the pane never touches the address.
 */
async function start(): Promise<void> {
  setAppMode('addin');
  installRawKeyToggle();
  // While Office.js starts: the meeting's time is the first date the pane formats.
  warmDateFormatting();
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
  // The stored session's keys carry the host's storage partition, known only once Office is ready.
  setStoragePartition(storagePartition());
  // Signed out, the landing asks Outlook once the user is in, for the meeting as it is then.
  if (!readStored('token')) prepareLoginScreen();
  else {
    // Signed in already: Outlook's answers about the meeting, the session and the free rooms are
    // asked for before the first render, which is one long task they would otherwise wait behind.
    // A failure here is the landing's to show when it reads the meeting itself.
    const reads = firstReads();
    void ensureSession().then(startPaneEarly);
    void preloadFirstRooms().catch(() => undefined);
    await Promise.race([reads.meeting.catch(() => undefined), delay(MEETING_WAIT_MS)]);
  }
  const { routes, patchRoutesOnNavigation } = rootRouter('addin', '/outlook');
  mount('addin', createMemoryRouter(routes, { initialEntries: ['/outlook'], patchRoutesOnNavigation }));
}

void start();
