import type { LabelRow } from '../labels';

/** Labels of the resource types and resource attributes screens: [code, en, fr, de]. */
export const RESOURCE_CATALOGUE_LABELS: readonly LabelRow[] = [
  ['resource-types.title', 'Resource types', 'Types de ressources', 'Ressourcentypen'],
  ['resource-types.add', 'Add resource type', 'Ajouter un type de ressource', 'Ressourcentyp hinzufügen'],
  ['resource-types.edit', 'Edit resource type', 'Modifier le type de ressource', 'Ressourcentyp bearbeiten'],
  ['resource-types.name-translations', 'Name translations', 'Traductions du nom', 'Übersetzungen des Namens'],
  [
    'resource-types.empty',
    'No resource types found.',
    'Aucun type de ressource trouvé.',
    'Keine Ressourcentypen gefunden.',
  ],
  ['resource-types.key', 'Key', 'Clé', 'Schlüssel'],
  [
    'resource-types.key-hint',
    'Lower-case letters, digits and hyphens; taken from the name when empty.',
    'Lettres minuscules, chiffres et tirets ; tirée du nom si vide.',
    'Kleinbuchstaben, Ziffern und Bindestriche; aus dem Namen abgeleitet, wenn leer.',
  ],
  ['resource-types.icon', 'Icon', 'Icône', 'Symbol'],
  ['resource-types.bookable', 'Bookable', 'Réservable', 'Buchbar'],
  ['resource-types.saved', 'Saved.', 'Enregistré.', 'Gespeichert.'],
  ['resource-types.delete', 'Delete', 'Supprimer', 'Löschen'],
  [
    'resource-types.delete-confirm',
    'Delete the resource type {name}?',
    'Supprimer le type de ressource {name} ?',
    'Ressourcentyp {name} löschen?',
  ],
  ['resource-attributes.title', 'Resource attributes', 'Attributs de ressources', 'Ressourcenattribute'],
  [
    'resource-attributes.add',
    'Add resource attribute',
    'Ajouter un attribut de ressource',
    'Ressourcenattribut hinzufügen',
  ],
  [
    'resource-attributes.edit',
    'Edit resource attribute',
    "Modifier l'attribut de ressource",
    'Ressourcenattribut bearbeiten',
  ],
  [
    'resource-attributes.name-translations',
    'Name translations',
    'Traductions du nom',
    'Übersetzungen des Namens',
  ],
  [
    'resource-attributes.empty',
    'No resource attributes found.',
    'Aucun attribut de ressource trouvé.',
    'Keine Ressourcenattribute gefunden.',
  ],
  ['resource-attributes.key', 'Key', 'Clé', 'Schlüssel'],
  [
    'resource-attributes.key-hint',
    'Lower-case letters, digits and hyphens; taken from the name when empty.',
    'Lettres minuscules, chiffres et tirets ; tirée du nom si vide.',
    'Kleinbuchstaben, Ziffern und Bindestriche; aus dem Namen abgeleitet, wenn leer.',
  ],
  ['resource-attributes.icon', 'Icon', 'Icône', 'Symbol'],
  ['resource-attributes.saved', 'Saved.', 'Enregistré.', 'Gespeichert.'],
  ['resource-attributes.delete', 'Delete', 'Supprimer', 'Löschen'],
  [
    'resource-attributes.delete-confirm',
    'Delete the resource attribute {name}?',
    "Supprimer l'attribut de ressource {name} ?",
    'Ressourcenattribut {name} löschen?',
  ],
];
