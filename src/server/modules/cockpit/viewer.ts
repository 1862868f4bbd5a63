import { WIDGET_PERMISSION, type WidgetType } from '../../../shared/cockpit/widgets';
import { can } from '../../../shared/permissions';
import type { ServiceContext } from '../../context';
import { generalPermissionsOf } from '../../permissions/resolve';
import { receivesAnywhere } from '../../permissions/reception-desks';

/** The viewer's general permissions: those the call was authenticated with, else read afresh. */
export async function permissionsOf(ctx: ServiceContext) {
  return ctx.permissions ?? (await generalPermissionsOf(ctx.db, ctx.companyId, ctx.userId));
}

/**
 * Whether the viewer's permissions let a widget type onto their cockpit (WIDGET_PERMISSION). The
 * visitors widget is also open to whoever a reception-desk container lets read visitors somewhere.
 */
export async function allowedTypes(ctx: ServiceContext): Promise<Set<WidgetType>> {
  const permissions = await permissionsOf(ctx);
  const allowed = new Set<WidgetType>();
  for (const [type, requirement] of Object.entries(WIDGET_PERMISSION) as Array<[WidgetType, never]>)
    if (can(permissions, requirement)) allowed.add(type);
  if (!allowed.has('visitors') && (await receivesAnywhere(ctx.db, ctx.companyId, ctx.userId, 'read')))
    allowed.add('visitors');
  return allowed;
}
