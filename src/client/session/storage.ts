/** spec §9: the local storage keys, exactly. `appSubdomain` is ours: the task pane's host has none. */
export const STORAGE_KEYS = {
  token: 'atApp',
  lang: 'appLang',
  userLangId: 'appUserLangId',
  redirectRoute: 'redirectRoute',
  subdomain: 'appSubdomain',
} as const;
export type StorageKey = keyof typeof STORAGE_KEYS;

let partition = '';

/**
 * The task pane's storage partition (Office.context.partitionKey): Outlook on the web and new
 * Outlook ask add-ins to prefix their keys with it. Set once Office is ready, before any key is read.
 */
export function setStoragePartition(key: string | null): void {
  partition = key ?? '';
}

const keyOf = (key: StorageKey) => `${partition}${STORAGE_KEYS[key]}`;

// Storage can throw (privacy modes, sandboxed frames): treat that as "nothing stored".
export function readStored(key: StorageKey): string | null {
  try {
    return globalThis.localStorage?.getItem(keyOf(key)) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(keyOf(key));
    else globalThis.localStorage?.setItem(keyOf(key), value);
  } catch {
    // nothing to do: the session simply does not survive a reload
  }
}

/** Clears the session's keys; the chosen language stays so the login screen keeps speaking it. */
export function clearStoredSession(): void {
  for (const key of ['token', 'userLangId', 'redirectRoute', 'subdomain'] as const) writeStored(key, null);
}
