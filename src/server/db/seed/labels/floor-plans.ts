import type { LabelRow } from '../labels';

/** Labels of the floor plans screens: [code, en, fr, de]. */
export const FLOOR_PLAN_LABELS: readonly LabelRow[] = [];
