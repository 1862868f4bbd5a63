/** The weekdays, Monday first (spec §9; report payload `days` and weekly mails count 0 = Monday). */
export const WEEKDAYS: ReadonlyArray<readonly [string, string]> = [
  ['preferences.option.monday', 'Monday'],
  ['preferences.option.tuesday', 'Tuesday'],
  ['preferences.option.wednesday', 'Wednesday'],
  ['preferences.option.thursday', 'Thursday'],
  ['preferences.option.friday', 'Friday'],
  ['preferences.option.saturday', 'Saturday'],
  ['preferences.option.sunday', 'Sunday'],
];
