import type { LabelRow } from '../labels';

/** Labels of the page a scanned QR code opens: [code, en, fr, de]. */
export const QR_CODE_LABELS: readonly LabelRow[] = [
  ['qr-codes.read.title', 'Scanned code', 'Code scanné', 'Gescannter Code'],
  [
    'qr-codes.read.unknown',
    'This QR code is not known.',
    "Ce code QR n'est pas connu.",
    'Dieser QR-Code ist nicht bekannt.',
  ],
  [
    'qr-codes.read.other-company',
    'This QR code belongs to another company.',
    'Ce code QR appartient à une autre entreprise.',
    'Dieser QR-Code gehört zu einer anderen Firma.',
  ],
  ['qr-codes.read.capacity', 'Capacity', 'Capacité', 'Kapazität'],
  [
    'qr-codes.read.manage-resource',
    'Manage this resource',
    'Gérer cette ressource',
    'Diese Ressource verwalten',
  ],
  ['qr-codes.read.manage-level', 'Manage this level', 'Gérer ce niveau', 'Diese Ebene verwalten'],
];
