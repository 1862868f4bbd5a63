/** spec §3: the one-click widget kinds. */
export const WIDGET_KINDS = { plan: 1, spacePass: 2, findPerson: 3, info: 4, map: 5 } as const;
export type WidgetKindName = keyof typeof WIDGET_KINDS;
export type WidgetKind = (typeof WIDGET_KINDS)[WidgetKindName];

/**
 * spec §3 "user widgets (name, is_active)": the page's built-in sections each user switches on and
 * off. `persons` is the contacts section (spec §3 "persons (is_active)").
 */
export const USER_WIDGET_NAMES = ['spacePass', 'findPerson', 'persons'] as const;
export type UserWidgetName = (typeof USER_WIDGET_NAMES)[number];

/**
 * Ours (issue 46): the company preference that decides whether people who never chose are found
 * by find-person ('1') or hidden from it ('0').
 */
export const FIND_PERSON_VISIBLE_KEY = 'FIND_PERSON_VISIBLE';
export const FIND_PERSON_VISIBLE_DEFAULT = '1';

/** Whether find-person may show someone: their own choice, else the company's default. */
export function findable(own: boolean | null, companyDefault: string | null | undefined): boolean {
  return own ?? (companyDefault ?? FIND_PERSON_VISIBLE_DEFAULT) !== '0';
}

/** An info widget's own address segment: /one-click/{url_link_name}. */
export const URL_LINK_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Segments of /one-click that are its own sub-screens, so no link may take them. */
export const RESERVED_LINK_NAMES = [
  'info',
  'settings',
  'slots',
  'person-map',
  'find-person',
  'map',
  'help',
] as const;

export const INFO_TITLE_MAX = 120;
export const INFO_CONTENT_MAX = 4000;
export const WIDGET_TITLE_MAX = 120;
export const CONTACTS_MAX = 50;

export const ONE_CLICK_MESSAGES = {
  declarableLevel: 'Choose a location that can be booked.',
  levelWithMap: 'Choose a location with a floor map.',
  linkNameFormat: 'Use lower-case letters, digits and hyphens.',
  linkNameTaken: 'This address is already used by another widget.',
  linkNameReserved: 'This address is used by the one-click page itself.',
  url: 'Enter an address starting with https:// or http://.',
  positions: 'List every widget of the page once.',
  unknownPerson: 'This person cannot be found.',
  noFreePlace: 'No place is free on this level for that slot.',
  noSlot: 'No slot is left today.',
  alreadyBooked: 'You already have a place on this level for that slot.',
} as const;
