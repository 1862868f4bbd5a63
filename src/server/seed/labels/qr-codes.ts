import type { LabelRow } from '../labels';

/** Labels of the page a scanned QR code opens: [code, en, fr, de, it]. */
export const QR_CODE_LABELS: readonly LabelRow[] = [
  ['qr-codes.read.title', 'Scanned code', 'Code scanné', 'Gescannter Code', 'Codice scansionato'],
  [
    'qr-codes.read.unknown',
    'This QR code is not known.',
    "Ce code QR n'est pas connu.",
    'Dieser QR-Code ist nicht bekannt.',
    'Questo codice QR non è riconosciuto.',
  ],
  [
    'qr-codes.read.other-company',
    'This QR code belongs to another company.',
    'Ce code QR appartient à une autre entreprise.',
    'Dieser QR-Code gehört zu einer anderen Firma.',
    'Questo codice QR appartiene a un’altra azienda.',
  ],
  ['qr-codes.read.capacity', 'Capacity', 'Capacité', 'Kapazität', 'Capacità'],
  [
    'qr-codes.read.manage-resource',
    'Manage this resource',
    'Gérer cette ressource',
    'Diese Ressource verwalten',
    'Gestisci questa risorsa',
  ],
  [
    'qr-codes.read.manage-level',
    'Manage this level',
    'Gérer ce niveau',
    'Diese Ebene verwalten',
    'Gestisci questo livello',
  ],
];
