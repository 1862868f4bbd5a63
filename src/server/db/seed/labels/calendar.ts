import type { LabelRow } from '../labels';

/** Labels of the calendar screen and the camera QR scanner: [code, en, fr, de]. */
export const CALENDAR_LABELS: readonly LabelRow[] = [
  ['qr-scanner.title', 'Scan a QR code', 'Scanner un code QR', 'QR-Code scannen'],
  ['qr-scanner.starting', 'Starting the camera…', 'Démarrage de la caméra…', 'Kamera wird gestartet…'],
  [
    'qr-scanner.hint',
    'Point the camera at the QR code of a desk, a room or a floor.',
    'Dirigez la caméra vers le code QR d’un poste, d’une salle ou d’un étage.',
    'Richten Sie die Kamera auf den QR-Code eines Arbeitsplatzes, eines Raums oder einer Etage.',
  ],
  ['qr-scanner.preview', 'Camera picture', 'Image de la caméra', 'Kamerabild'],
  [
    'qr-scanner.refused',
    'The camera was refused. Allow this site to use the camera in your browser settings, then try again.',
    'L’accès à la caméra a été refusé. Autorisez ce site à utiliser la caméra dans les réglages du navigateur, puis réessayez.',
    'Der Kamerazugriff wurde verweigert. Erlauben Sie dieser Seite die Kamera in den Browsereinstellungen und versuchen Sie es erneut.',
  ],
  [
    'qr-scanner.absent',
    'No camera was found on this device.',
    'Aucune caméra n’a été trouvée sur cet appareil.',
    'Auf diesem Gerät wurde keine Kamera gefunden.',
  ],
  [
    'qr-scanner.failed',
    'The camera could not be started.',
    'La caméra n’a pas pu être démarrée.',
    'Die Kamera konnte nicht gestartet werden.',
  ],
];
