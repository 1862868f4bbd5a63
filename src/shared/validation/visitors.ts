/**
 * Visitor rules both sides apply (docs/visitors.md). spec §5: "The last selected container cannot
 * be deselected when a reception desk has a fixed user container."
 */
export const LAST_CONTAINER = 'The last container cannot be deselected.';

/** Whether `containerId` may be toggled off a visitor's selection at a desk. */
export function mayDeselectContainer(
  selected: readonly number[],
  containerId: number,
  deskHasFixedContainer: boolean,
): boolean {
  if (!selected.includes(containerId)) return true;
  return !(deskHasFixedContainer && selected.length === 1);
}

/**
 * Visit statuses, designed as Envoy's: a visit is expected until the visitor arrives (checked in),
 * then leaves (checked out); the host may cancel an expected visit, reception may mark a no-show,
 * and a no-show who turns up late is checked in after all.
 */
export const VISIT_STATUSES = ['expected', 'checked_in', 'checked_out', 'cancelled', 'no_show'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

export const VISIT_TRANSITIONS: Record<VisitStatus, readonly VisitStatus[]> = {
  expected: ['checked_in', 'cancelled', 'no_show'],
  checked_in: ['checked_out'],
  no_show: ['checked_in'],
  checked_out: [],
  cancelled: [],
};

export function mayChangeStatus(from: VisitStatus, to: VisitStatus): boolean {
  return VISIT_TRANSITIONS[from].includes(to);
}

export const statusChangeRefused = (from: VisitStatus, to: VisitStatus) =>
  `A visit that is ${from.replace('_', ' ')} cannot be ${to.replace('_', ' ')}.`;

/**
 * Privacy (docs/visitors.md): a visitor is erased this many days after their last visit ended (or,
 * without a visit, after they were added); the company sets it in its preferences.
 */
export const VISITOR_RETENTION_KEY = 'VisitorRetentionDays';
export const VISITOR_RETENTION_DEFAULT = 365;
export const VISITOR_RETENTION_MIN = 1;
export const VISITOR_RETENTION_MAX = 3650;
