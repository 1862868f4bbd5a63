/** spec §9: the local storage keys, exactly. `appSubdomain` is ours: the task pane's host has none. */
export const STORAGE_KEYS = {
  token: 'atApp',
  lang: 'appLang',
  userLangId: 'appUserLangId',
  redirectRoute: 'redirectRoute',
  subdomain: 'appSubdomain',
} as const;
export type StorageKey = keyof typeof STORAGE_KEYS;

// Storage can throw (privacy modes, sandboxed frames): treat that as "nothing stored".
export function readStored(key: StorageKey): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEYS[key]) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(STORAGE_KEYS[key]);
    else globalThis.localStorage?.setItem(STORAGE_KEYS[key], value);
  } catch {
    // nothing to do: the session simply does not survive a reload
  }
}

/** Clears the session's keys; the chosen language stays so the login screen keeps speaking it. */
export function clearStoredSession(): void {
  for (const key of ['token', 'userLangId', 'redirectRoute', 'subdomain'] as const) writeStored(key, null);
}
