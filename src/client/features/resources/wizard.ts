import type { Language } from '../../../shared/contract/reference';
import {
  CreateResourceBody,
  type ResourceCapacityType,
  type ResourceFunctionKey,
  type ResourceModel,
} from '../../../shared/contract/resources';
import { fieldErrorsFromZod } from '../../../shared/validation/field-errors';
import { RESOURCE_MESSAGES } from '../../../shared/validation/resources';
import { validateValue } from '../../../shared/validation/rules';
import { nameError, namesBody, type NameValues } from '../../ui/name-translations-field';
import { WIZARD_STEPS, type WizardStep } from './wizard-steps';

/** What the add steps collect, as the inputs hold it (numbers typed are text until sent). */
export interface ResourceDraft {
  level_id: number | null;
  resource_type_id: number | null;
  resource_capacity_type: ResourceCapacityType;
  capacity: string;
  /** empty: the same as capacity */
  max_capacity: string;
  propagate_capacity: boolean;
  description: string;
  email: string;
  resource_attribute_ids: readonly number[];
  resource_model: ResourceModel;
  functions: readonly ResourceFunctionKey[];
  names: NameValues;
}

export const EMPTY_DRAFT: ResourceDraft = {
  level_id: null,
  resource_type_id: null,
  resource_capacity_type: 'exclusive',
  capacity: '1',
  max_capacity: '',
  propagate_capacity: true,
  description: '',
  email: '',
  resource_attribute_ids: [],
  resource_model: 'bookable',
  functions: [],
  names: {},
};

/** Field errors by body field ('capacity', 'translations.0.name'), the first message of each. */
export type StepErrors = Record<string, string>;

const STEP_FIELDS: Record<WizardStep, readonly string[]> = {
  level: ['level_id'],
  type: ['resource_type_id'],
  capacity: ['resource_capacity_type', 'capacity', 'max_capacity', 'propagate_capacity'],
  description: ['description', 'email', 'resource_attribute_ids'],
  model: ['resource_model'],
  'select-function': ['functions'],
  'name-translations': ['translations'],
};

/** The step that asks for a body field, for a server's 422 ('translations.1.name' → name-translations). */
export function stepOfField(field: string): WizardStep | undefined {
  const top = field.split('.')[0] ?? field;
  return WIZARD_STEPS.find((step) => STEP_FIELDS[step].includes(top));
}

/** The first step (in wizard order) that a set of server field errors points at. */
export function firstStepWithErrors(errors: Readonly<Record<string, unknown>>): WizardStep | undefined {
  const steps = new Set(Object.keys(errors).map(stepOfField));
  return WIZARD_STEPS.find((step) => steps.has(step));
}

function count(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text.trim());
}

/** The POST body the draft makes (spec §7 POST resources), names in every company language. */
export function createBody(draft: ResourceDraft, languages: readonly Language[]) {
  const capacity = count(draft.capacity);
  return {
    ...(draft.level_id !== null ? { level_id: draft.level_id } : {}),
    ...(draft.resource_type_id !== null ? { resource_type_id: draft.resource_type_id } : {}),
    resource_capacity_type: draft.resource_capacity_type,
    ...(capacity !== undefined ? { capacity } : {}),
    max_capacity: count(draft.max_capacity) ?? capacity,
    propagate_capacity: draft.propagate_capacity,
    description: draft.description,
    email: draft.email.trim() === '' ? null : draft.email.trim(),
    resource_attribute_ids: [...draft.resource_attribute_ids],
    resource_model: draft.resource_model,
    functions: [...draft.functions],
    translations: namesBody(languages, draft.names),
  } as CreateResourceBody;
}

/** The server's check (capacity <= max_capacity), at the same field. */
export const CAPACITY_OVER_MAX = RESOURCE_MESSAGES.capacityOverMax;

/** The typed capacities: numbers (spec §5 'numeric'), the capacity not above the maximum. */
export function checkCapacityNumbers(values: { capacity: string; max_capacity: string }): StepErrors {
  const errors: StepErrors = {};
  const capacity = validateValue(values.capacity, 'required|numeric');
  if (capacity) errors.capacity = capacity;
  const max = validateValue(values.max_capacity, 'numeric');
  if (max) errors.max_capacity = max;
  if (
    !capacity &&
    !max &&
    values.max_capacity.trim() !== '' &&
    Number(values.capacity) > Number(values.max_capacity)
  )
    errors.capacity = CAPACITY_OVER_MAX;
  return errors;
}

/**
 * Validates one step with the contract's own schema (the messages the server would answer) after
 * the spec §5 rules for typed numbers; an empty answer lets the wizard go on.
 */
export function validateStep(
  step: WizardStep,
  draft: ResourceDraft,
  languages: readonly Language[],
  companyLanguageId: number,
): StepErrors {
  const errors: StepErrors = {};
  if (step === 'capacity') {
    Object.assign(errors, checkCapacityNumbers(draft));
    if (Object.keys(errors).length) return errors;
  }
  if (step === 'name-translations') {
    const index = languages.findIndex((language) => language.id === companyLanguageId);
    const message = nameError(companyLanguageId, companyLanguageId, draft.names[companyLanguageId] ?? '');
    if (message) errors[`translations.${Math.max(index, 0)}.name`] = message;
  }
  const fields = Object.fromEntries(STEP_FIELDS[step].map((field) => [field, true])) as Partial<
    Record<keyof CreateResourceBody, true>
  >;
  const body = createBody(draft, languages) as Record<string, unknown>;
  const picked = Object.fromEntries(STEP_FIELDS[step].filter((f) => f in body).map((f) => [f, body[f]]));
  const parsed = CreateResourceBody.pick(fields).safeParse(picked);
  if (!parsed.success)
    for (const [field, messages] of Object.entries(fieldErrorsFromZod(parsed.error)))
      if (messages[0] && !errors[field]) errors[field] = messages[0];
  return errors;
}

/** Validates every step; the first step with errors and its errors, or null when all is well. */
export function validateDraft(
  draft: ResourceDraft,
  languages: readonly Language[],
  companyLanguageId: number,
): { step: WizardStep; errors: StepErrors } | null {
  for (const step of WIZARD_STEPS) {
    const errors = validateStep(step, draft, languages, companyLanguageId);
    if (Object.keys(errors).length) return { step, errors };
  }
  return null;
}
