import { useAtomValue } from 'jotai';
import {
  initialDataAtom,
  loggedInAtom,
  menuPreferencesAtom,
  pendingTwoFactorAtom,
  warningAtom,
} from './session';

/** Read-only views of the session for components, so features never touch jotai themselves. */
export const useLoggedIn = () => useAtomValue(loggedInAtom);
export const useInitialData = () => useAtomValue(initialDataAtom);
export const useWarning = () => useAtomValue(warningAtom);
export const useMenuPreferences = () => useAtomValue(menuPreferencesAtom);
export const usePendingTwoFactor = () => useAtomValue(pendingTwoFactorAtom);
