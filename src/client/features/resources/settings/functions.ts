import {
  RESOURCE_FUNCTIONS,
  ResourceFunctionBody,
  type ResourceFunction,
  type ResourceFunctionKey,
} from '../../../../shared/contract/resources';
import { fieldErrorsFromZod, type FieldErrors } from '../../../../shared/validation/field-errors';
import { MESSAGES } from '../../../../shared/validation/messages';
import { FUNCTION_FIELDS, functionFieldErrors } from '../../../../shared/validation/resource-settings';
import type { Checked } from './checked';

/** What each function is called on screen (label code and English), in the spec's order. */
export const FUNCTION_TITLES: Readonly<Record<ResourceFunctionKey, { code: string; english: string }>> = {
  'linked-resources': { code: 'resource-settings.function.linked-resources', english: 'Linked resources' },
  'distance-resources': {
    code: 'resource-settings.function.distance-resources',
    english: 'Distance resources',
  },
  language: { code: 'resource-settings.function.language', english: 'Language' },
  'device-template': { code: 'resource-settings.function.device-template', english: 'Device template' },
  currency: { code: 'resource-settings.function.currency', english: 'Currency' },
};

export function isFunctionKey(value: string | undefined): value is ResourceFunctionKey {
  return (RESOURCE_FUNCTIONS as readonly string[]).includes(value ?? '');
}

/** A function's form: select values are strings ('' for none), the price as typed. */
export interface FunctionDraft {
  active: boolean;
  resource_ids: number[];
  language_id: string;
  device_template_id: string;
  currency_id: string;
  price: string;
}

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The form of a function as it is now (a function never set is off); prices default to the company's currency. */
export function functionDraft(
  current: ResourceFunction | undefined,
  defaultCurrencyId?: number,
): FunctionDraft {
  return {
    active: current?.active ?? false,
    resource_ids: (current?.resources ?? []).map((resource) => resource.id),
    language_id: text(current?.language_id),
    device_template_id: text(current?.device_template_id),
    currency_id: text(current?.currency_id ?? defaultCurrencyId),
    price: text(current?.price),
  };
}

// A price as people type it: '12', '12.5' or '12,50'.
const PRICE = /^\d+([.,]\d+)?$/;

function draftValue(draft: FunctionDraft, field: (typeof FUNCTION_FIELDS)[ResourceFunctionKey][number]) {
  if (field === 'resource_ids') return [...new Set(draft.resource_ids)];
  if (field === 'price') {
    const price = draft.price.trim();
    if (price === '') return null;
    return PRICE.test(price) ? Number(price.replace(',', '.')) : Number.NaN;
  }
  return draft[field] === '' ? null : Number(draft[field]);
}

/**
 * The PUT body of one function: `active` and only that function's own fields (the server refuses
 * the others). An active function needs every setting it has; an inactive one keeps what was chosen.
 */
export function functionBody(key: ResourceFunctionKey, draft: FunctionDraft): Checked<ResourceFunctionBody> {
  const errors: FieldErrors = {};
  const candidate: Record<string, unknown> = { active: draft.active };
  for (const field of FUNCTION_FIELDS[key]) {
    const value = draftValue(draft, field);
    candidate[field] = value;
    if (Number.isNaN(value)) errors[field] = [MESSAGES.numeric];
    else if (draft.active && (value === null || (Array.isArray(value) && value.length === 0)))
      errors[field] = [MESSAGES.required];
  }
  const parsed = ResourceFunctionBody.safeParse(candidate);
  if (!parsed.success)
    for (const [field, messages] of Object.entries(fieldErrorsFromZod(parsed.error)))
      errors[field] ??= messages;
  else
    for (const [field, messages] of Object.entries(functionFieldErrors(key, parsed.data)))
      errors[field] ??= messages;
  return parsed.success && Object.keys(errors).length === 0
    ? { body: parsed.data, errors: null }
    : { body: null, errors };
}
