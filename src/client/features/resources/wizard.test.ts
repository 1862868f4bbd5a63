import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/contract/reference';
import {
  createBody,
  EMPTY_DRAFT,
  firstStepWithErrors,
  CAPACITY_OVER_MAX,
  stepOfField,
  validateDraft,
  validateStep,
  type ResourceDraft,
} from './wizard';
import { nextStep, previousStep, stepNumber } from './wizard-steps';
import { MESSAGES } from '../../../shared/validation/messages';

const LANGUAGES: Language[] = [
  { id: 1, code: 'en', locale: 'en-GB', name: 'English' },
  { id: 2, code: 'fr', locale: 'fr-FR', name: 'Français' },
];
const COMPANY_LANGUAGE = 1;
const complete: ResourceDraft = {
  ...EMPTY_DRAFT,
  level_id: 7,
  resource_type_id: 2,
  capacity: '4',
  resource_attribute_ids: [3, 5],
  functions: ['currency'],
  names: { 1: 'Desk 12' },
};
const check = (step: Parameters<typeof validateStep>[0], draft: ResourceDraft) =>
  validateStep(step, draft, LANGUAGES, COMPANY_LANGUAGE);

describe('spec §2 /resources add: the steps in order', () => {
  it('numbers the seven steps and walks them forwards and back', () => {
    expect(stepNumber('level')).toBe(1);
    expect(stepNumber('name-translations')).toBe(7);
    expect(nextStep('capacity')).toBe('description');
    expect(previousStep('capacity')).toBe('type');
    expect(previousStep('level')).toBeUndefined();
    expect(nextStep('name-translations')).toBeUndefined();
  });
});

describe('spec §5 each step is checked on Next', () => {
  it('requires a level and a type', () => {
    expect(check('level', EMPTY_DRAFT)).toEqual({ level_id: 'This field is required.' });
    expect(check('type', EMPTY_DRAFT)).toEqual({ resource_type_id: 'This field is required.' });
    expect(check('level', complete)).toEqual({});
  });

  it('requires a capacity in digits, within the limits, not above the maximum', () => {
    expect(check('capacity', { ...complete, capacity: '' })).toEqual({ capacity: 'This field is required.' });
    expect(check('capacity', { ...complete, capacity: '4a' })).toEqual({ capacity: 'Only numbers allowed.' });
    expect(check('capacity', { ...complete, capacity: '0' }).capacity).toBeDefined();
    expect(check('capacity', { ...complete, capacity: '10001' }).capacity).toBeDefined();
    expect(check('capacity', { ...complete, capacity: '6', max_capacity: '4' })).toEqual({
      capacity: CAPACITY_OVER_MAX,
    });
    expect(check('capacity', { ...complete, capacity: '6', max_capacity: '' })).toEqual({});
  });

  it('refuses a mailbox that is not an e-mail address and accepts none', () => {
    expect(check('description', { ...complete, email: 'room-12' })).toEqual({
      email: MESSAGES.email,
    });
    expect(check('description', { ...complete, email: '' })).toEqual({});
  });

  it('requires the name in the company language only', () => {
    expect(check('name-translations', { ...complete, names: { 2: 'Bureau 12' } })).toEqual({
      'translations.0.name': 'This field is required.',
    });
    expect(check('name-translations', complete)).toEqual({});
  });

  it('finds the first step that is not done before saving', () => {
    expect(validateDraft({ ...complete, resource_type_id: null }, LANGUAGES, COMPANY_LANGUAGE)).toEqual({
      step: 'type',
      errors: { resource_type_id: 'This field is required.' },
    });
    expect(validateDraft(complete, LANGUAGES, COMPANY_LANGUAGE)).toBeNull();
  });
});

describe('spec §7 POST resources from the draft', () => {
  it('sends numbers, no empty mailbox, the maximum defaulting to the capacity and every language', () => {
    expect(createBody(complete, LANGUAGES)).toEqual({
      level_id: 7,
      resource_type_id: 2,
      resource_capacity_type: 'exclusive',
      capacity: 4,
      max_capacity: 4,
      propagate_capacity: true,
      description: '',
      email: null,
      resource_attribute_ids: [3, 5],
      resource_model: 'bookable',
      functions: ['currency'],
      translations: [
        { language_id: 1, name: 'Desk 12' },
        { language_id: 2, name: '' },
      ],
    });
  });

  it('takes a server 422 back to the step that asks for the field', () => {
    expect(stepOfField('translations.1.name')).toBe('name-translations');
    expect(stepOfField('max_capacity')).toBe('capacity');
    expect(stepOfField('resource_attribute_ids.0')).toBe('description');
    expect(stepOfField('unknown')).toBeUndefined();
    expect(firstStepWithErrors({ 'translations.0.name': ['x'], level_id: ['y'] })).toBe('level');
  });
});
