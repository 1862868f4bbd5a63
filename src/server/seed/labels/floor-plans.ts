import type { LabelRow } from '../labels';

/** Labels of the floor plans screens and the level sub-screens: [code, en, fr, de, it]. */
export const FLOOR_PLAN_LABELS: readonly LabelRow[] = [
  [
    'floor-plans.marker',
    '{name}, placed at {x}%, {y}%',
    '{name}, placé à {x} %, {y} %',
    '{name}, platziert bei {x} %, {y} %',
    '{name}, in posizione {x}%, {y}%',
  ],
  [
    'floor-plans.keyboard-hint',
    'Drag a marker to move it, or focus it and use the arrow keys (Shift: 5% at a time).',
    'Faites glisser un repère pour le déplacer, ou sélectionnez-le et utilisez les flèches (Maj : 5 % à la fois).',
    'Ziehen Sie eine Markierung, um sie zu verschieben, oder fokussieren Sie sie und nutzen Sie die Pfeiltasten (Umschalt: 5 % auf einmal).',
    'Trascini un indicatore per spostarlo, oppure lo selezioni e usi i tasti freccia (MAIUSC: 5% alla volta).',
  ],
  [
    'floor-plans.unplaced',
    'Not on the plan',
    'Hors du plan',
    'Nicht auf dem Plan',
    'Fuori dalla planimetria',
  ],
  [
    'floor-plans.all-placed',
    'Every resource is on the plan.',
    'Toutes les ressources sont sur le plan.',
    'Alle Ressourcen sind auf dem Plan.',
    'Tutte le risorse sono sulla planimetria.',
  ],
  [
    'floor-plans.tray-hint',
    'Drag a resource onto the plan, or select it and place it at the centre.',
    'Faites glisser une ressource sur le plan, ou sélectionnez-la et placez-la au centre.',
    'Ziehen Sie eine Ressource auf den Plan, oder wählen Sie sie aus und platzieren Sie sie in der Mitte.',
    'Trascini una risorsa sulla planimetria, oppure la selezioni e la posizioni al centro.',
  ],
  [
    'floor-plans.place-at-centre',
    'Place at centre',
    'Placer au centre',
    'In der Mitte platzieren',
    'Posiziona al centro',
  ],
  [
    'floor-plans.placement',
    'Resources on the plan',
    'Ressources sur le plan',
    'Ressourcen auf dem Plan',
    'Risorse sulla planimetria',
  ],
  [
    'floor-plans.plan-of',
    'Floor plan {name}',
    'Plan d’étage {name}',
    'Grundriss {name}',
    'Planimetria {name}',
  ],
  [
    'floor-plans.save-to-place',
    'Save this plan to place the resources on it.',
    'Enregistrez ce plan pour y placer les ressources.',
    'Speichern Sie diesen Plan, um die Ressourcen darauf zu platzieren.',
    'Salvi questa planimetria per posizionarvi le risorse.',
  ],
  ['levels.no-country', 'No country', 'Aucun pays', 'Kein Land', 'Nessun paese'],
  ['levels.no-name', 'No name yet', 'Pas encore de nom', 'Noch kein Name', 'Ancora senza nome'],
  ['levels.settings', 'Settings', 'Paramètres', 'Einstellungen', 'Impostazioni'],
];
