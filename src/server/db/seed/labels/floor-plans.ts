import type { LabelRow } from '../labels';

/** Labels of the floor plans screens and the level sub-screens: [code, en, fr, de]. */
export const FLOOR_PLAN_LABELS: readonly LabelRow[] = [
  [
    'floor-plans.marker',
    '{name}, placed at {x}%, {y}%',
    '{name}, placé à {x} %, {y} %',
    '{name}, platziert bei {x} %, {y} %',
  ],
  [
    'floor-plans.keyboard-hint',
    'Drag a marker to move it, or focus it and use the arrow keys (Shift: 5% at a time).',
    'Faites glisser un repère pour le déplacer, ou sélectionnez-le et utilisez les flèches (Maj : 5 % à la fois).',
    'Ziehen Sie eine Markierung, um sie zu verschieben, oder fokussieren Sie sie und nutzen Sie die Pfeiltasten (Umschalt: 5 % auf einmal).',
  ],
  ['floor-plans.unplaced', 'Not on the plan', 'Hors du plan', 'Nicht auf dem Plan'],
  [
    'floor-plans.all-placed',
    'Every resource is on the plan.',
    'Toutes les ressources sont sur le plan.',
    'Alle Ressourcen sind auf dem Plan.',
  ],
  [
    'floor-plans.tray-hint',
    'Drag a resource onto the plan, or select it and place it at the centre.',
    'Faites glisser une ressource sur le plan, ou sélectionnez-la et placez-la au centre.',
    'Ziehen Sie eine Ressource auf den Plan, oder wählen Sie sie aus und platzieren Sie sie in der Mitte.',
  ],
  ['floor-plans.place-at-centre', 'Place at centre', 'Placer au centre', 'In der Mitte platzieren'],
];
