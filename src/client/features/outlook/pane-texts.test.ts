import { afterEach, describe, expect, it } from 'vitest';
import { OUTLOOK_LABELS } from '../../../server/seed/labels/outlook';
import { addLabels } from '../../i18n/i18n';
import { paneTexts } from './pane-texts';

const french = OUTLOOK_LABELS.map(([code, , fr]) => ({ code, content: fr, translations: [] }));

afterEach(() => addLabels('en', []));

describe('the pane’s notices speak the pane’s language (every string translated)', () => {
  it('says in French that a room is booked for a series with another room on one date', () => {
    addLabels('fr', french);
    expect(paneTexts.bookedAll('Mönch', 20, 1)).toBe(
      'Mönch est réservée pour les 20 occurrences (une autre salle à 1 date).',
    );
    expect(paneTexts.takenOn('Eiger', ['4 déc.', '11 déc.'])).toBe(
      'Eiger est occupée les 4 déc., 11 déc. : rien n’a été réservé. Choisissez une autre salle pour ces dates.',
    );
  });

  it('keeps the English texts the journeys read', () => {
    addLabels('en', []);
    expect(paneTexts.bookedAll('Mönch', 20, 1)).toBe(
      'Mönch is booked for all 20 occurrences (another room on 1 date).',
    );
    expect(paneTexts.takenOn('Mönch', ['Dec 4'])).toBe(
      'Mönch is taken on Dec 4: nothing was booked. Choose another room for that date.',
    );
  });
});
