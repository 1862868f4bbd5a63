import type { LabelRow } from '../labels';

/**
 * The scheduler's conflict sentences (series-rooms.ts conflictMessage), matched back to these
 * templates and said in the request's language: [code, en, fr, de, it].
 */
export const SCHEDULER_MESSAGE_LABELS: readonly LabelRow[] = [
  [
    'messages.scheduler.taken',
    '{name} is already booked on {date} from {from} to {to}.',
    '{name} est déjà réservé le {date} de {from} à {to}.',
    '{name} ist am {date} von {from} bis {to} bereits gebucht.',
    '{name} è già prenotato il {date} dalle {from} alle {to}.',
  ],
  [
    'messages.scheduler.full',
    '{name} is fully booked on {date} from {from} to {to}.',
    '{name} est complet le {date} de {from} à {to}.',
    '{name} ist am {date} von {from} bis {to} ausgebucht.',
    '{name} è al completo il {date} dalle {from} alle {to}.',
  ],
  [
    'messages.scheduler.closed',
    '{name} cannot be booked on {date} from {from} to {to}.',
    '{name} ne peut pas être réservé le {date} de {from} à {to}.',
    '{name} kann am {date} von {from} bis {to} nicht gebucht werden.',
    '{name} non può essere prenotato il {date} dalle {from} alle {to}.',
  ],
  [
    'messages.scheduler.over',
    '{name} cannot be booked on {date} from {from} to {to}: that time is over.',
    '{name} ne peut pas être réservé le {date} de {from} à {to} : ce moment est passé.',
    '{name} kann am {date} von {from} bis {to} nicht gebucht werden: Diese Zeit ist vorbei.',
    '{name} non può essere prenotato il {date} dalle {from} alle {to}: quell’orario è passato.',
  ],
];
