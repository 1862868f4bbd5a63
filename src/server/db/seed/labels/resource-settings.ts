import type { LabelRow } from '../labels';

/** Labels of the resource settings screens: [code, en, fr, de]. */
export const RESOURCE_SETTINGS_LABELS: readonly LabelRow[] = [
];
