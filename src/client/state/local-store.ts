import { useSyncExternalStore } from 'react';

/**
 * A value that lives outside React for the life of the page and that screens follow: what a
 * multi-screen form keeps while the router swaps one screen for the next (a parent screen is
 * replaced by its child, not nested, so no component outlives the steps).
 */
export interface LocalStore<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
  /** the current value; the screen renders again when it changes */
  use(): T;
}

export function createLocalStore<T>(initial: T): LocalStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const store: LocalStore<T> = {
    get: () => value,
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    use: () => useSyncExternalStore(store.subscribe, store.get, store.get),
  };
  return store;
}
