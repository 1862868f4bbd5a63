import { useSyncExternalStore } from 'react';
import { EMPTY_DRAFT, type ResourceDraft, type StepErrors } from './wizard';

/**
 * The add wizard's draft. Each step is its own route (spec §2), and the router replaces the parent
 * screen with the child's rather than nesting it, so the draft lives here instead of in the add
 * screen: going back and forth between steps keeps what was entered until it is saved or dropped.
 */
interface WizardState {
  draft: ResourceDraft;
  /** field errors to show, by body field (a step's own check, or the server's 422) */
  errors: StepErrors;
}

let state: WizardState = { draft: EMPTY_DRAFT, errors: {} };
const listeners = new Set<() => void>();

function set(next: WizardState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const wizardDraft = {
  get: (): WizardState => state,
  update(change: Partial<ResourceDraft>): void {
    // A changed field's old error no longer applies.
    const errors = { ...state.errors };
    for (const key of Object.keys(change)) delete errors[key];
    if ('names' in change)
      for (const key of Object.keys(errors)) if (key.startsWith('translations')) delete errors[key];
    set({ draft: { ...state.draft, ...change }, errors });
  },
  setErrors(errors: StepErrors): void {
    set({ ...state, errors });
  },
  reset(): void {
    set({ draft: EMPTY_DRAFT, errors: {} });
  },
};

export function useWizardDraft(): WizardState {
  return useSyncExternalStore(subscribe, wizardDraft.get, wizardDraft.get);
}
