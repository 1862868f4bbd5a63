import { createLocalStore } from '../../state/local-store';
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

const store = createLocalStore<WizardState>({ draft: EMPTY_DRAFT, errors: {} });

export const wizardDraft = {
  get: (): WizardState => store.get(),
  update(change: Partial<ResourceDraft>): void {
    // A changed field's old error no longer applies.
    const state = store.get();
    const errors = { ...state.errors };
    for (const key of Object.keys(change)) delete errors[key];
    if ('names' in change)
      for (const key of Object.keys(errors)) if (key.startsWith('translations')) delete errors[key];
    store.set({ draft: { ...state.draft, ...change }, errors });
  },
  setErrors(errors: StepErrors): void {
    store.set({ ...store.get(), errors });
  },
  reset(): void {
    store.set({ draft: EMPTY_DRAFT, errors: {} });
  },
};

export function useWizardDraft(): WizardState {
  return store.use();
}
