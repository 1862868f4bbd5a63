import { can } from '../../../shared/permissions';
import type { ExplainQuery, ExplainRule, Explanation } from '../../../shared/contract/access';
import {
  all,
  canBookResource,
  canViewLevel,
  decide,
  refusalMessage,
  refusingRule,
  type AccessDecision,
} from '../../../shared/permissions/scoped-access';
import type { ServiceContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import { generalPermissionsOf } from '../../permissions/resolve';
import { scopedFactsOf } from '../../permissions/scoped';
import { bookingRoles } from '../declarations';

/**
 * "Why can't I book this?" (issue 38): every rule that grants or refuses a user a level or a
 * resource, with the container and role it comes from, decided by the same functions as booking.
 */
export async function explainAccess(ctx: ServiceContext, query: ExplainQuery): Promise<Explanation> {
  if ((query.level_id === undefined) === (query.resource_id === undefined))
    throw unprocessable({ level_id: ['Choose a level or a resource.'] });
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', query.user_id)
    .executeTakeFirst();
  if (!user) throw notFound('User not found.');
  const { db, companyId } = ctx;
  const general = await generalPermissionsOf(db, companyId, user.id);
  const generalRule = (permission: string): ExplainRule => ({
    effect: can(general, permission) ? 'grant' : 'refuse',
    kind: can(general, permission) ? 'granted' : 'not-granted',
    scope: 'general',
    target: user.id,
    permission,
    container: null,
    role: null,
  });

  let target: Explanation['target'];
  let see: AccessDecision;
  let book: AccessDecision;
  const extra: ExplainRule[] = [];
  if (query.resource_id !== undefined) {
    const resource = await db
      .selectFrom('resources as r')
      .leftJoin('resource_translations as t', (join) =>
        join.onRef('t.company_id', '=', 'r.company_id').onRef('t.resource_id', '=', 'r.id'),
      )
      .select(['r.id', 'r.level_id', 't.name'])
      .where('r.company_id', '=', companyId)
      .where('r.id', '=', query.resource_id)
      .executeTakeFirst();
    if (!resource) throw notFound('Resource not found.');
    const facts = await scopedFactsOf(db, companyId, user.id, {
      levelIds: [resource.level_id],
      resourceIds: [resource.id],
    });
    target = { id: resource.id, name: resource.name ?? `#${resource.id}`, kind: 'resource' };
    see = canViewLevel(facts, resource.level_id);
    book = canBookResource(facts, resource);
    const roles = await bookingRoles(db, companyId, resource.id, user.id);
    if (roles.allowed.length > 0) {
      const held = roles.allowed.some((role) => roles.mine.includes(role));
      extra.push({
        effect: held ? 'grant' : 'refuse',
        kind: 'resource-roles',
        scope: 'resource',
        target: resource.id,
        permission: 'RESOURCE_ROLES',
        container: null,
        role: null,
      });
      if (!held) book = all(book, { allowed: false, rules: [] });
    }
  } else {
    const level = await db
      .selectFrom('levels as l')
      .leftJoin('level_translations as t', (join) =>
        join.onRef('t.company_id', '=', 'l.company_id').onRef('t.level_id', '=', 'l.id'),
      )
      .select(['l.id', 't.name'])
      .where('l.company_id', '=', companyId)
      .where('l.id', '=', query.level_id!)
      .executeTakeFirst();
    if (!level) throw notFound('Level not found.');
    const facts = await scopedFactsOf(db, companyId, user.id, { levelIds: [level.id] });
    target = { id: level.id, name: level.name ?? `#${level.id}`, kind: 'level' };
    see = canViewLevel(facts, level.id);
    book = all(see, decide(facts, 'level', level.id, 'LEVEL_BOOK'));
  }
  const plan = generalRule('PLAN');
  const bookings = generalRule('BOOKINGS,MY_BOOKINGS');
  const refused = refusingRule(book);
  const mayBook = book.allowed && bookings.effect === 'grant';
  const rules = dedupe([plan, bookings, ...see.rules, ...book.rules, ...extra]);
  return {
    user: { id: user.id, name: `${user.first_name} ${user.last_name}`.trim() || user.email },
    target,
    may_see: see.allowed && plan.effect === 'grant',
    may_book: mayBook && !extra.some((rule) => rule.effect === 'refuse'),
    message: refused
      ? refusalMessage(refused)
      : extra.some((rule) => rule.effect === 'refuse')
        ? 'You are not allowed to book this resource.'
        : bookings.effect === 'refuse'
          ? 'This action is unauthorized.'
          : null,
    rules,
  };
}

function dedupe(rules: ExplainRule[]): ExplainRule[] {
  const seen = new Set<string>();
  return rules.filter((rule) => {
    const key = JSON.stringify([
      rule.scope,
      rule.target,
      rule.permission,
      rule.kind,
      rule.container?.id,
      rule.role?.id,
    ]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
