/** spec §2 /resources add: the steps, in order (each is a child route of `add`). */
export const WIZARD_STEPS = [
  'level',
  'type',
  'capacity',
  'description',
  'model',
  'select-function',
  'name-translations',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function stepNumber(step: WizardStep): number {
  return WIZARD_STEPS.indexOf(step) + 1;
}

export function nextStep(step: WizardStep): WizardStep | undefined {
  return WIZARD_STEPS[WIZARD_STEPS.indexOf(step) + 1];
}

export function previousStep(step: WizardStep): WizardStep | undefined {
  return WIZARD_STEPS[WIZARD_STEPS.indexOf(step) - 1];
}
