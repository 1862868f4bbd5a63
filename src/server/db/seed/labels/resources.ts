import type { LabelRow } from '../labels';

/** Labels of the resources screens: [code, en, fr, de]. */
export const RESOURCE_LABELS: readonly LabelRow[] = [];
