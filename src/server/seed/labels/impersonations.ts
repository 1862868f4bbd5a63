import type { LabelRow } from '../labels';

/** Labels of "open company as administrator": the master's button, the banner, the company's audit list. */
export const IMPERSONATION_LABELS: readonly LabelRow[] = [
  ['master.impersonate.open', 'Open as administrator', 'Ouvrir en administrateur', 'Als Administrator öffnen'],
  [
    'master.impersonate.title',
    'Open {name} as administrator',
    'Ouvrir {name} en administrateur',
    '{name} als Administrator öffnen',
  ],
  [
    'master.impersonate.explain',
    'You act as one of its administrators for {minutes} minutes. The company’s administrators see who opened it, when and why, and every change made.',
    'Vous agissez comme l’un de ses administrateurs pendant {minutes} minutes. Les administrateurs de l’entreprise voient qui l’a ouverte, quand et pourquoi, et chaque modification.',
    'Sie handeln {minutes} Minuten lang als einer ihrer Administratoren. Die Administratoren des Unternehmens sehen, wer es wann und warum geöffnet hat, und jede Änderung.',
  ],
  ['master.impersonate.reason', 'Reason', 'Motif', 'Grund'],
  ['impersonation.banner-label', 'Acting as administrator', 'Accès administrateur', 'Zugriff als Administrator'],
  [
    'impersonation.banner',
    'You are acting as administrator of {company} until {time}',
    'Vous agissez en administrateur de {company} jusqu’à {time}',
    'Sie handeln als Administrator von {company} bis {time}',
  ],
  ['impersonation.end', 'End', 'Terminer', 'Beenden'],
  ['impersonation.title', 'Administrator access', 'Accès administrateur', 'Administratorzugriffe'],
  [
    'impersonation.intro',
    'Platform administrators can open the company as one of its administrators, for a limited time and a stated reason. Each opening and every change made under it is listed here.',
    'Les administrateurs de la plateforme peuvent ouvrir l’entreprise comme l’un de ses administrateurs, pour une durée limitée et un motif indiqué. Chaque ouverture et chaque modification faite pendant celle-ci sont listées ici.',
    'Plattform-Administratoren können das Unternehmen als einer seiner Administratoren öffnen, für begrenzte Zeit und mit angegebenem Grund. Jede Öffnung und jede dabei vorgenommene Änderung steht hier.',
  ],
  [
    'impersonation.none',
    'The company has not been opened by a platform administrator.',
    'Aucun administrateur de la plateforme n’a ouvert l’entreprise.',
    'Kein Plattform-Administrator hat das Unternehmen geöffnet.',
  ],
  ['impersonation.who', '{platform} as {admin}', '{platform} en tant que {admin}', '{platform} als {admin}'],
  ['impersonation.when', '{start} – {end}', '{start} – {end}', '{start} – {end}'],
  ['impersonation.reason', 'Reason: {reason}', 'Motif : {reason}', 'Grund: {reason}'],
  ['impersonation.running', 'In progress', 'En cours', 'Läuft'],
  ['impersonation.changes', 'Changes: {count}', 'Modifications : {count}', 'Änderungen: {count}'],
  ['impersonation.changes-label', 'Changes made', 'Modifications faites', 'Vorgenommene Änderungen'],
  ['impersonation.no-changes', 'Nothing was changed.', 'Rien n’a été modifié.', 'Nichts wurde geändert.'],
];
