import type { DelegablePermission } from '../../../shared/permissions/delegable';
import type { LabelFn } from '../../i18n/i18n';
import type { Direction } from './api';

type Label = readonly [code: string, english: string];

/**
 * What each delegable permission lets the delegate do, said from each side: the delegator reads
 * what they gave ("for me"), the delegate what they received ("for them"). Typed against
 * DELEGABLE_PERMISSIONS, so a permission made delegable cannot be left without its words.
 */
const LABELS: Record<DelegablePermission, Record<Direction, Label>> = {
  MY_BOOKINGS: {
    given: ['profile.permission.my-bookings', 'My bookings: see, book, change and cancel for me'],
    received: [
      'profile.permission.my-bookings-received',
      'Their bookings: see, book, change and cancel for them',
    ],
  },
};

/** A permission name as people read it; one without words (not delegable any more) as its name. */
export function permissionLabel(t: LabelFn, name: string, direction: Direction): string {
  const label = (LABELS as Partial<Record<string, Record<Direction, Label>>>)[name]?.[direction];
  return label ? t(label[0], label[1]) : name;
}
