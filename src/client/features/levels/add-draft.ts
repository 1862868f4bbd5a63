import { createLocalStore } from '../../state/local-store';
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

const store = createLocalStore<AddDraft>({ change: {}, errors: {} });

export const useAddDraft = (): AddDraft => store.use();

/** A sub-screen's values: its errors are answered. */
export function keepInAddDraft(change: Partial<LevelValues>, answered: readonly string[] = []) {
  const draft = store.get();
  const errors = Object.fromEntries(
    Object.entries(draft.errors).filter(([field]) => !answered.some((a) => field.startsWith(a))),
  );
  store.set({ change: { ...draft.change, ...change }, errors });
}

export function setAddDraftErrors(errors: Readonly<Record<string, string>>) {
  store.set({ ...store.get(), errors });
}

/** A new add starts empty (the Add button, and after the level was created). */
export function clearAddDraft() {
  store.set({ change: {}, errors: {} });
}
