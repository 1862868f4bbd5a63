import { useSyncExternalStore } from 'react';
import type { LevelValues } from './level-values';

/**
 * A level being added lives across the main screen and its sub-screens (each replaces the other on
 * screen): what was entered waits here, with the errors a Save found for a sub-screen to show.
 */
interface AddDraft {
  change: Partial<LevelValues>;
  /** by field: 'names' by language id as 'name-{id}', else the API's field name */
  errors: Readonly<Record<string, string>>;
}

let draft: AddDraft = { change: {}, errors: {} };
const listeners = new Set<() => void>();

function publish(next: AddDraft) {
  draft = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useAddDraft = (): AddDraft => useSyncExternalStore(subscribe, () => draft);

/** A sub-screen's values: its errors are answered. */
export function keepInAddDraft(change: Partial<LevelValues>, answered: readonly string[] = []) {
  const errors = Object.fromEntries(
    Object.entries(draft.errors).filter(([field]) => !answered.some((a) => field.startsWith(a))),
  );
  publish({ change: { ...draft.change, ...change }, errors });
}

export function setAddDraftErrors(errors: Readonly<Record<string, string>>) {
  publish({ ...draft, errors });
}

/** A new add starts empty (the Add button, and after the level was created). */
export function clearAddDraft() {
  publish({ change: {}, errors: {} });
}
