/** spec §2 /resources edit: the hub's own parts (each a child route of edit/:resource_id), in order. */
export const EDIT_PART_TITLES = {
  level: 'Level',
  type: 'Type',
  capacity: 'Capacity',
  description: 'Description',
  model: 'Model',
  'name-translations': 'Name translations',
  attributes: 'Attributes',
} as const;
export type EditPart = keyof typeof EDIT_PART_TITLES;
export const EDIT_PARTS_IN_ORDER = Object.keys(EDIT_PART_TITLES) as EditPart[];
