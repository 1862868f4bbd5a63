import type { LabelRow } from '../labels';

/**
 * What the server writes to people on its own (check-in reminders, by push and mail), in the
 * recipient's language: [code, en, fr, de, it]. {placeholders} are filled by the sender.
 */
export const REMINDER_LABELS: readonly LabelRow[] = [
  [
    'reminders.check-in.title',
    'Check in to {resource}',
    'Enregistrez-vous : {resource}',
    'Einchecken: {resource}',
    'Check-in: {resource}',
  ],
  [
    'reminders.check-in.body',
    'Your booking starts at {start}. Check in by {deadline}, or {resource} will be released for others.',
    'Votre réservation commence à {start}. Enregistrez-vous avant {deadline}, sinon {resource} sera libéré pour d’autres.',
    'Ihre Buchung beginnt um {start}. Checken Sie bis {deadline} ein, sonst wird {resource} für andere freigegeben.',
    'La prenotazione inizia alle {start}. Effettua il check-in entro le {deadline}, altrimenti {resource} sarà liberato per altri.',
  ],
  [
    'reminders.check-in.link',
    'Check in here: {url}',
    'Enregistrez-vous ici : {url}',
    'Hier einchecken: {url}',
    'Check-in qui: {url}',
  ],
  [
    'reminders.check-in.settings',
    'You can change how you are reminded in your preferences: {url}',
    'Vous pouvez choisir comment être rappelé dans vos préférences : {url}',
    'Wie Sie erinnert werden, ändern Sie in Ihren Einstellungen: {url}',
    'Puoi cambiare come ricevere i promemoria nelle tue preferenze: {url}',
  ],
];
