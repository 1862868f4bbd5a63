import { describe, expect, it } from 'vitest';
import type { ResourceFunction } from '../../../../shared/contract/resources';
import { firstMessages } from '../../../ui/use-submit';
import { functionBody, functionDraft, isFunctionKey } from './functions';

const stored = (patch: Partial<ResourceFunction>): ResourceFunction => ({
  function: 'currency',
  resource_function_type_id: 5,
  active: true,
  resources: [],
  language_id: null,
  device_template_id: null,
  currency_id: null,
  price: null,
  ...patch,
});

describe('functions/:function (spec §2)', () => {
  it('knows the five functions and nothing else', () => {
    expect(isFunctionKey('linked-resources')).toBe(true);
    expect(isFunctionKey('currency')).toBe(true);
    expect(isFunctionKey('prices')).toBe(false);
    expect(isFunctionKey(undefined)).toBe(false);
  });

  it('a function never set is off; a price defaults to the company’s currency', () => {
    expect(functionDraft(undefined, 3)).toMatchObject({ active: false, currency_id: '3', price: '' });
    expect(functionDraft(stored({ currency_id: 7, price: 12.5 }), 3)).toMatchObject({
      active: true,
      currency_id: '7',
      price: '12.5',
    });
  });

  it('sends only the fields of that function', () => {
    const draft = {
      ...functionDraft(undefined),
      active: true,
      language_id: '2',
      currency_id: '1',
      price: '9',
    };
    expect(functionBody('language', draft)).toEqual({ body: { active: true, language_id: 2 }, errors: null });
    expect(functionBody('currency', draft)).toEqual({
      body: { active: true, currency_id: 1, price: 9 },
      errors: null,
    });
    expect(functionBody('linked-resources', { ...draft, resource_ids: [4, 9, 4] })).toEqual({
      body: { active: true, resource_ids: [4, 9] },
      errors: null,
    });
  });

  it('reads a price written with a comma', () => {
    const draft = { ...functionDraft(undefined, 1), active: true, price: '12,50' };
    expect(functionBody('currency', draft).body).toEqual({ active: true, currency_id: 1, price: 12.5 });
  });

  it('an active function needs its setting; an inactive one may be left empty', () => {
    const off = functionDraft(undefined);
    expect(functionBody('device-template', off)).toEqual({
      body: { active: false, device_template_id: null },
      errors: null,
    });
    expect(functionBody('device-template', { ...off, active: true }).errors).toEqual({
      device_template_id: ['This field is required.'],
    });
    expect(functionBody('distance-resources', { ...off, active: true }).errors).toEqual({
      resource_ids: ['This field is required.'],
    });
  });

  it('refuses a price that is not a number or has fractions of a cent', () => {
    const draft = { ...functionDraft(undefined, 1), active: true };
    expect(functionBody('currency', { ...draft, price: '12 CHF' }).errors).toEqual({
      price: ['Only numbers allowed.'],
    });
    expect(functionBody('currency', { ...draft, price: '1.005' }).errors).toEqual({
      price: ['The price can have at most 2 decimals.'],
    });
  });
});

describe('server field errors beside the fields', () => {
  it('shows the first message of each field, an item’s at its list', () => {
    expect(
      firstMessages(
        { 'resource_ids.1': ['A resource cannot be linked to itself.'], price: ['a', 'b'] },
        { atList: true },
      ),
    ).toEqual({ resource_ids: 'A resource cannot be linked to itself.', price: 'a' });
    expect(firstMessages(undefined, { atList: true })).toEqual({});
  });
});
