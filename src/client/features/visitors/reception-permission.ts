import type { PermissionRule } from '../../../shared/permissions/can';

/**
 * Who opens the reception screens: VISITOR_MANAGEMENT, or RECEPTION_DESK_VISITORS, which the initial
 * answer carries when a reception-desk container grants it (the server decides desk by desk).
 */
export const RECEPTION: readonly PermissionRule[] = [
  ['VISITOR_MANAGEMENT', 'read'],
  ['RECEPTION_DESK_VISITORS', 'read'],
];
