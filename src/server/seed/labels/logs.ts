import type { LabelRow } from '../labels';

/** Labels of the /logs screen and its server messages: [code, en, fr, de, it]. */
export const LOG_LABELS: readonly LabelRow[] = [
  ['logs.title', 'Logs', 'Journaux', 'Protokolle', 'Log'],
  [
    'logs.active',
    'Record the audit log',
    "Enregistrer le journal d'audit",
    'Audit-Protokoll aufzeichnen',
    'Registra il log di controllo',
  ],
  ['logs.from', 'From', 'Du', 'Von', 'Dal'],
  ['logs.to', 'To', 'Au', 'Bis', 'Al'],
  [
    'logs.bad-period',
    'The end must not be before the start.',
    'La fin ne doit pas précéder le début.',
    'Das Ende darf nicht vor dem Beginn liegen.',
    "La fine non può precedere l'inizio.",
  ],
  ['logs.export', 'Export CSV', 'Exporter en CSV', 'Als CSV exportieren', 'Esporta CSV'],
  ['logs.exports', 'Exports', 'Exports', 'Exporte', 'Esportazioni'],
  ['logs.period', '{from} to {to}', 'Du {from} au {to}', '{from} bis {to}', 'Dal {from} al {to}'],
  ['logs.lines', '{count} lines', '{count} lignes', '{count} Zeilen', '{count} righe'],
  ['logs.failed', 'Failed', 'Échec', 'Fehlgeschlagen', 'Non riuscito'],
  ['logs.preparing', 'Preparing…', 'Préparation…', 'Wird vorbereitet…', 'Preparazione…'],
  [
    'logs.progress',
    'Export progress',
    "Progression de l'export",
    'Exportfortschritt',
    "Avanzamento dell'esportazione",
  ],
  ['logs.download', 'Download', 'Télécharger', 'Herunterladen', 'Scarica'],
  [
    'messages.server.logs.not-found',
    'Log export not found.',
    'Export du journal introuvable.',
    'Protokollexport nicht gefunden.',
    'Esportazione del log non trovata.',
  ],
  [
    'messages.server.logs.too-long',
    'Choose a period of at most {days} days.',
    'Choisissez une période de {days} jours au plus.',
    'Wählen Sie einen Zeitraum von höchstens {days} Tagen.',
    'Scegli un periodo di al massimo {days} giorni.',
  ],
];
