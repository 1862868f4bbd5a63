import { allows, type Action } from './can';
import type { ScopedPermissionName } from './access-types';
import type { PermissionType } from './names';

/*
 * Who may see and book which level and resource, and who receives visitors at which reception desk
 * (docs/permissions.md "Scoped permissions"): the
 * decision and its reasons, from facts the server reads (src/server/permissions/scoped.ts). Pure,
 * so the same rules answer a booking, a plan, and the administrator's "why can't I book this?".
 */

export interface Named {
  id: number;
  name: string;
}

/** One permission a role of a container grants to the user (the user is among its people). */
export interface ScopedGrant {
  container: Named;
  role: Named;
  permission: string;
  type: PermissionType;
  is_active: boolean;
  create: boolean;
  read: boolean;
  update: boolean;
  delete: boolean;
  value: number | null;
}

export interface ScopedFacts {
  /** the level containers covering each restricted level (a container covers its levels' sublevels) */
  levelCover: ReadonlyMap<number, readonly Named[]>;
  /** the resource containers holding each restricted resource */
  resourceCover: ReadonlyMap<number, readonly Named[]>;
  /** the reception-desk containers keeping each restricted reception desk (no sub-desks) */
  deskCover: ReadonlyMap<number, readonly Named[]>;
  /** the containers whose people include the user (directly or through a mega container) */
  memberOf: ReadonlySet<number>;
  /** what the roles of those containers grant, by container */
  grants: ReadonlyMap<number, readonly ScopedGrant[]>;
}

export type Scope = 'level' | 'resource' | 'reception_desk';

const COVER = { level: 'levelCover', resource: 'resourceCover', reception_desk: 'deskCover' } as const;

export type RuleKind = 'open' | 'granted' | 'not-member' | 'not-granted' | 'resource-roles';

/** One reason of a decision: a container's role that grants, or a container that refuses. */
export interface AccessRule {
  effect: 'grant' | 'refuse';
  kind: RuleKind;
  scope: Scope;
  target: number;
  permission: ScopedPermissionName | 'RESOURCE_ROLES';
  container: Named | null;
  role: Named | null;
}

export interface AccessDecision {
  allowed: boolean;
  rules: AccessRule[];
}

/**
 * One permission over one level or resource: open when no container covers it; otherwise granted by
 * each covering container the user belongs to whose roles grant it (with `action` for CRUD), and
 * refused by absence: each covering container names why it grants nothing.
 */
export function decide(
  facts: ScopedFacts,
  scope: Scope,
  target: number,
  permission: ScopedPermissionName,
  action?: Action,
): AccessDecision {
  const cover = facts[COVER[scope]].get(target);
  const base = { scope, target, permission };
  if (!cover || cover.length === 0)
    return {
      allowed: true,
      rules: [{ ...base, effect: 'grant', kind: 'open', container: null, role: null }],
    };
  const granting: AccessRule[] = [];
  const refusing: AccessRule[] = [];
  for (const container of cover) {
    if (!facts.memberOf.has(container.id)) {
      refusing.push({ ...base, effect: 'refuse', kind: 'not-member', container, role: null });
      continue;
    }
    const roles = (facts.grants.get(container.id) ?? []).filter(
      (grant) => grant.permission === permission && allows(grant, action),
    );
    if (roles.length === 0)
      refusing.push({ ...base, effect: 'refuse', kind: 'not-granted', container, role: null });
    for (const grant of roles)
      granting.push({ ...base, effect: 'grant', kind: 'granted', container, role: grant.role });
  }
  return granting.length > 0
    ? { allowed: true, rules: [...granting, ...refusing] }
    : { allowed: false, rules: refusing };
}

/** Every decision must allow; the rules of all are kept (refusals first when refused). */
export function all(...decisions: AccessDecision[]): AccessDecision {
  const allowed = decisions.every((decision) => decision.allowed);
  const rules = decisions.flatMap((decision) => decision.rules);
  return {
    allowed,
    rules: allowed
      ? rules
      : [
          ...rules.filter((rule) => rule.effect === 'refuse'),
          ...rules.filter((rule) => rule.effect === 'grant'),
        ],
  };
}

/** Whether the user sees a level: LEVEL_VIEW on it (levels covered by no container are open). */
export const canViewLevel = (facts: ScopedFacts, levelId: number): AccessDecision =>
  decide(facts, 'level', levelId, 'LEVEL_VIEW');

/** Whether the user may book a resource: see and book on its level, and book the resource itself. */
export function canBookResource(
  facts: ScopedFacts,
  resource: { id: number; level_id: number },
): AccessDecision {
  return all(
    decide(facts, 'level', resource.level_id, 'LEVEL_VIEW'),
    decide(facts, 'level', resource.level_id, 'LEVEL_BOOK'),
    decide(facts, 'resource', resource.id, 'RESOURCE_BOOK'),
  );
}

// The active permissions each container grants the user, worked out once per facts: lists decide
// thousands of resources against the same few containers.
const granting = new WeakMap<ScopedFacts, Map<number, Set<string>>>();
function grantedBy(facts: ScopedFacts, containerId: number): Set<string> {
  let byContainer = granting.get(facts);
  if (!byContainer) granting.set(facts, (byContainer = new Map()));
  let names = byContainer.get(containerId);
  if (!names) {
    const grants = facts.grants.get(containerId) ?? [];
    names = new Set(grants.filter((grant) => grant.is_active).map((grant) => grant.permission));
    byContainer.set(containerId, names);
  }
  return names;
}

/** decide()'s verdict alone (no action asked), without its reasons: for filtering long lists. */
export function allowedTo(
  facts: ScopedFacts,
  scope: Scope,
  target: number,
  permission: ScopedPermissionName,
): boolean {
  const cover = facts[COVER[scope]].get(target);
  if (!cover || cover.length === 0) return true;
  return cover.some(
    (container) => facts.memberOf.has(container.id) && grantedBy(facts, container.id).has(permission),
  );
}

/** Whether the user sees a resource at all (on the plan, in lists): they see its level. */
export const canSeeResource = (facts: ScopedFacts, resource: { level_id: number }): boolean =>
  allowedTo(facts, 'level', resource.level_id, 'LEVEL_VIEW');

/** canBookResource's verdict alone, for filtering long lists. */
export const mayBookResource = (facts: ScopedFacts, resource: { id: number; level_id: number }): boolean =>
  allowedTo(facts, 'level', resource.level_id, 'LEVEL_VIEW') &&
  allowedTo(facts, 'level', resource.level_id, 'LEVEL_BOOK') &&
  allowedTo(facts, 'resource', resource.id, 'RESOURCE_BOOK');

/**
 * Whether the user may `action` the visitors of a reception desk through reception-desk containers:
 * open when none keeps the desk (VISITOR_MANAGEMENT decides there), else RECEPTION_DESK_VISITORS with
 * the action's flag from a keeping container's role.
 */
export const canReceiveAt = (facts: ScopedFacts, deskId: number, action: Action): AccessDecision =>
  decide(facts, 'reception_desk', deskId, 'RECEPTION_DESK_VISITORS', action);

/** Whether a reception-desk container keeps the desk (its visitors are then its members' alone). */
export const isKeptDesk = (facts: ScopedFacts, deskId: number): boolean =>
  (facts.deskCover.get(deskId)?.length ?? 0) > 0;

/** The kept desks where the user may `action` visitors through a container's role. */
export const receivingDeskIds = (facts: ScopedFacts, action: Action): number[] =>
  [...facts.deskCover.keys()].filter(
    (deskId) => isKeptDesk(facts, deskId) && canReceiveAt(facts, deskId, action).allowed,
  );

/** The first refusing rule of a decision, what a refused employee is told. */
export const refusingRule = (decision: AccessDecision): AccessRule | undefined =>
  decision.rules.find((rule) => rule.effect === 'refuse');

/** Nothing restricted anywhere: what a company without level or resource containers has. */
export const OPEN_FACTS: ScopedFacts = {
  levelCover: new Map(),
  resourceCover: new Map(),
  deskCover: new Map(),
  memberOf: new Set(),
  grants: new Map(),
};

const DOING: Record<AccessRule['permission'], string> = {
  LEVEL_VIEW: 'see this level',
  LEVEL_BOOK: 'book on this level',
  RESOURCE_BOOK: 'book this resource',
  LEVEL_SERVICES: 'serve the orders of this level',
  RESOURCE_SERVICES: 'serve the orders of this resource',
  MANAGE_USERS: 'manage this user',
  RECEPTION_DESK_VISITORS: 'receive visitors at this reception desk',
  RESOURCE_ROLES: 'book this resource',
};

/** What a refused employee is told: the rule that refused, with its container (never just "forbidden"). */
export function refusalMessage(rule: AccessRule): string {
  const container = rule.container ? `“${rule.container.name}”` : 'a container';
  const doing = DOING[rule.permission];
  if (rule.kind === 'not-member')
    return `You may not ${doing}: the container ${container} keeps it for its members, and you are not one of them.`;
  return `You may not ${doing}: no role of the container ${container} grants ${rule.permission}.`;
}
