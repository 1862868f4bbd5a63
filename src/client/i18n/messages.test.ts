import { afterEach, describe, expect, it } from 'vitest';
import { format, MESSAGES } from '../../shared/validation/messages';
import { addLabels } from './i18n';
import { sayMessage } from './messages';

describe('spec §5 validation messages in the user’s language', () => {
  afterEach(() => addLabels('en', []));

  it('says a rule’s message with its value filled from the catalogue of the language', () => {
    addLabels('de', [
      { code: 'messages.validation.required', content: 'Dieses Feld ist erforderlich.', translations: [] },
      {
        code: 'messages.validation.min',
        content: 'Das Feld muss mindestens {min} Zeichen enthalten.',
        translations: [],
      },
    ]);
    expect(sayMessage(MESSAGES.required)).toBe('Dieses Feld ist erforderlich.');
    expect(sayMessage(format(MESSAGES.min, { min: 8 }))).toBe(
      'Das Feld muss mindestens 8 Zeichen enthalten.',
    );
  });

  it('keeps English where the language has no text, and any other text as it is', () => {
    addLabels('fr', []);
    expect(sayMessage(MESSAGES.email)).toBe(MESSAGES.email);
    expect(sayMessage('Déjà traduit par le serveur.')).toBe('Déjà traduit par le serveur.');
    expect(sayMessage(undefined)).toBeUndefined();
  });
});
