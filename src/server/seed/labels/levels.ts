import type { LabelRow } from '../labels';

/** Labels of the levels screens: [code, en, fr, de]. */
export const LEVEL_LABELS: readonly LabelRow[] = [
  ['levels.title', 'Levels', 'Niveaux', 'Ebenen'],
  ['levels.level', 'Level', 'Niveau', 'Ebene'],
  ['levels.tree', 'Levels', 'Niveaux', 'Ebenen'],
  ['levels.add', 'Add level', 'Ajouter un niveau', 'Ebene hinzufügen'],
  ['levels.edit', 'Edit level', 'Modifier le niveau', 'Ebene bearbeiten'],
  ['levels.none', 'No levels found.', 'Aucun niveau trouvé.', 'Keine Ebenen gefunden.'],
  ['levels.has-map', 'Has a floor map', 'A un plan d’étage', 'Hat einen Grundriss'],
  ['levels.kind', 'Kind', 'Type', 'Art'],
  ['levels.kind.site', 'Site', 'Site', 'Standort'],
  ['levels.kind.building', 'Building', 'Bâtiment', 'Gebäude'],
  ['levels.kind.floor', 'Floor', 'Étage', 'Etage'],
  ['levels.kind.zone', 'Zone', 'Zone', 'Zone'],
  ['levels.parent', 'Parent level', 'Niveau parent', 'Übergeordnete Ebene'],
  ['levels.no-parent', 'None (top level)', 'Aucun (niveau supérieur)', 'Keine (oberste Ebene)'],
  ['levels.name-translations', 'Name translations', 'Traductions du nom', 'Namensübersetzungen'],
  ['levels.timezone', 'Timezone', 'Fuseau horaire', 'Zeitzone'],
  ['levels.country', 'Country', 'Pays', 'Land'],
  ['levels.working-hours', 'Working hours', 'Heures de travail', 'Arbeitszeiten'],
  ['levels.working-hours-from', 'From', 'De', 'Von'],
  ['levels.working-hours-to', 'To', 'À', 'Bis'],
  ['levels.map', 'Floor map', 'Plan d’étage', 'Grundriss'],
  ['levels.no-map', 'No floor map', 'Aucun plan d’étage', 'Kein Grundriss'],
  [
    'levels.upload-map',
    'Upload a floor map (PNG, JPEG or SVG, at most 5 MB)',
    'Téléverser un plan d’étage (PNG, JPEG ou SVG, 5 Mo au plus)',
    'Grundriss hochladen (PNG, JPEG oder SVG, höchstens 5 MB)',
  ],
  ['levels.uploading', 'Uploading…', 'Téléversement…', 'Wird hochgeladen…'],
  [
    'levels.declarable',
    'Declarable (can be selected for booking)',
    'Déclarable (peut être choisi pour réserver)',
    'Buchbar (kann zum Buchen gewählt werden)',
  ],
  ['levels.directly-declarable', 'Directly declarable', 'Directement déclarable', 'Direkt buchbar'],
  ['levels.default', 'Default level', 'Niveau par défaut', 'Standardebene'],
  ['levels.qr-code', 'QR code', 'Code QR', 'QR-Code'],
  ['levels.qr-code-image', 'QR code of the level', 'Code QR du niveau', 'QR-Code der Ebene'],
  // A general label, last in the catalogue since it was added with this screen: moved, it would
  // change the catalogue's order and so its fingerprint (seed/index.ts).
  ['general.actions.delete', 'Delete', 'Supprimer', 'Löschen'],
];
