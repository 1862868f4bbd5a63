import {
  CONNECTOR_MESSAGES,
  type IntranetBody,
  type IntranetLink,
} from '../../../shared/contract/connectors';
import { notFound, unprocessable } from '../../http/errors';
import { checkOutboundUrl } from '../../integrations/outbound-url';
import type { ConnectorContext } from './connectors.context';
import { notifyConnectorsChanged } from './connectors.notify';

const COLUMNS = ['id', 'name', 'url', 'is_active', 'position'] as const;

export async function listIntranets(ctx: ConnectorContext): Promise<{ data: IntranetLink[] }> {
  const data = await ctx.db
    .selectFrom('intranet_links')
    .select(COLUMNS)
    .where('company_id', '=', ctx.companyId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return { data };
}

export async function getIntranet(ctx: ConnectorContext, id: number): Promise<IntranetLink> {
  const row = await ctx.db
    .selectFrom('intranet_links')
    .select(COLUMNS)
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(CONNECTOR_MESSAGES.intranetNotFound);
  return row;
}

/**
 * An intranet link is opened by users' browsers, not fetched by the server; it is checked like
 * every typed connector URL all the same (issue 8 item 5), so a link into the server's own network
 * (an admin console, a metadata address) is never handed out as the company's intranet.
 */
async function checked(ctx: ConnectorContext, body: IntranetBody) {
  const check = await checkOutboundUrl(body.url, ctx.policy);
  if (!check.ok) throw unprocessable({ url: [check.message] });
  return {
    name: body.name.trim(),
    url: check.url.toString(),
    ...(body.is_active !== undefined ? { is_active: body.is_active } : {}),
    ...(body.position !== undefined ? { position: body.position } : {}),
  };
}

export async function createIntranet(ctx: ConnectorContext, body: IntranetBody): Promise<IntranetLink> {
  const values = await checked(ctx, body);
  const row = await ctx.db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('intranet_links')
      .values({ company_id: ctx.companyId, ...values })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await notifyConnectorsChanged(tx, ctx.companyId, {
      connector: 'intranet',
      id: inserted.id,
      action: 'created',
    });
    return inserted;
  });
  return row;
}

export async function updateIntranet(
  ctx: ConnectorContext,
  id: number,
  body: IntranetBody,
): Promise<IntranetLink> {
  const values = await checked(ctx, body);
  return ctx.db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('intranet_links')
      .set({ ...values, updated_at: new Date() })
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!row) throw notFound(CONNECTOR_MESSAGES.intranetNotFound);
    await notifyConnectorsChanged(tx, ctx.companyId, { connector: 'intranet', id, action: 'updated' });
    return row;
  });
}

export async function deleteIntranet(ctx: ConnectorContext, id: number): Promise<IntranetLink> {
  return ctx.db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom('intranet_links')
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!row) throw notFound(CONNECTOR_MESSAGES.intranetNotFound);
    await notifyConnectorsChanged(tx, ctx.companyId, { connector: 'intranet', id, action: 'deleted' });
    return row;
  });
}
