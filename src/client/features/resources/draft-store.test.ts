import { beforeEach, describe, expect, it } from 'vitest';
import { wizardDraft } from './draft-store';
import { EMPTY_DRAFT } from './wizard';

describe('spec §2 /resources add: the draft between steps', () => {
  beforeEach(() => wizardDraft.reset());

  it('keeps what each step entered', () => {
    wizardDraft.update({ level_id: 4 });
    wizardDraft.update({ resource_attribute_ids: [1, 2] });
    expect(wizardDraft.get().draft).toEqual({ ...EMPTY_DRAFT, level_id: 4, resource_attribute_ids: [1, 2] });
  });

  it('drops the error of a field once it changes, and keeps the others', () => {
    wizardDraft.setErrors({
      capacity: 'Only numbers allowed.',
      'translations.0.name': 'This field is required.',
    });
    wizardDraft.update({ capacity: '4' });
    expect(wizardDraft.get().errors).toEqual({ 'translations.0.name': 'This field is required.' });
    wizardDraft.update({ names: { 1: 'Desk 12' } });
    expect(wizardDraft.get().errors).toEqual({});
  });

  it('starts over empty', () => {
    wizardDraft.update({ description: 'By the window' });
    wizardDraft.setErrors({ level_id: 'This field is required.' });
    wizardDraft.reset();
    expect(wizardDraft.get()).toEqual({ draft: EMPTY_DRAFT, errors: {} });
  });
});
