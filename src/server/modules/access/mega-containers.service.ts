import { sql } from 'kysely';
import type { AccessType } from '../../../shared/permissions';
import type { MegaContainer, MegaContainerList } from '../../../shared/contract/access';
import type { ServiceContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import { MESSAGES } from './containers.service';

/**
 * spec §2 /containers-mega (MEGA_CONTAINERS): a mega container ties containers of several types, so
 * the people of its user containers count as people of its other containers (docs/permissions.md).
 */

export async function listMegaContainers(ctx: ServiceContext, only?: number): Promise<MegaContainerList> {
  const { rows } = await sql<MegaContainer>`
    select m.id, m.name, coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'access_type', c.access_type)
        order by c.access_type, c.name)
      from mega_container_containers mc join user_containers c on c.company_id = mc.company_id and c.id = mc.container_id
      where mc.company_id = m.company_id and mc.mega_container_id = m.id), '[]') as containers
    from mega_containers m
    where m.company_id = ${ctx.companyId} ${only === undefined ? sql`` : sql`and m.id = ${only}`}
    order by m.name`.execute(ctx.db);
  return {
    data: rows.map((row) => ({
      ...row,
      containers: row.containers as Array<{ id: number; name: string; access_type: AccessType }>,
    })),
  };
}

export async function getMegaContainer(ctx: ServiceContext, id: number): Promise<MegaContainer> {
  const [found] = (await listMegaContainers(ctx, id)).data;
  if (!found) throw notFound();
  return found;
}

export async function createMegaContainer(ctx: ServiceContext, name: string): Promise<MegaContainer> {
  const taken = await ctx.db
    .selectFrom('mega_containers')
    .select('id')
    .where('company_id', '=', ctx.companyId)
    .where(sql<boolean>`lower(name) = lower(${name.trim()})`)
    .executeTakeFirst();
  if (taken) throw unprocessable({ name: [MESSAGES.taken] });
  const { id } = await ctx.db
    .insertInto('mega_containers')
    .values({ company_id: ctx.companyId, name: name.trim() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getMegaContainer(ctx, id);
}

export async function deleteMegaContainer(ctx: ServiceContext, id: number): Promise<void> {
  const { numDeletedRows } = await ctx.db
    .deleteFrom('mega_containers')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (numDeletedRows === 0n) throw notFound();
}

/** POST mega-containers/{id}/containers: the containers it ties, as listed (the rest taken out). */
export async function setMegaContainerContainers(
  ctx: ServiceContext,
  id: number,
  containerIds: readonly number[],
): Promise<MegaContainer> {
  await getMegaContainer(ctx, id);
  const ids = [...new Set(containerIds)];
  const found =
    ids.length === 0
      ? []
      : await ctx.db
          .selectFrom('user_containers')
          .select('id')
          .where('company_id', '=', ctx.companyId)
          .where('id', 'in', ids)
          .execute();
  if (found.length !== ids.length) throw unprocessable({ container_ids: ['container_ids is not valid.'] });
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('mega_container_containers')
      .where('company_id', '=', ctx.companyId)
      .where('mega_container_id', '=', id)
      .$if(ids.length > 0, (q) => q.where('container_id', 'not in', ids))
      .execute();
    if (ids.length > 0)
      await tx
        .insertInto('mega_container_containers')
        .values(
          ids.map((container_id) => ({ company_id: ctx.companyId, mega_container_id: id, container_id })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
  });
  return getMegaContainer(ctx, id);
}
