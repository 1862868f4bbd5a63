import type { Kysely } from 'kysely';
import {
  RESOURCE_FUNCTIONS,
  resourceFunctionTypeId,
  type ResourceFunction,
  type ResourceFunctionBody,
  type ResourceFunctionKey,
} from '../../../shared/contract/resources';
import { notValid, type FieldErrors } from '../../../shared/validation';
import {
  functionFieldErrors,
  RESOURCE_SETTINGS_MESSAGES,
} from '../../../shared/validation/resource-settings';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { unprocessable } from '../../http/errors';
import type { ReferenceData, ReferenceLists } from '../../reference';
import { allInCompany, changeResource, ownedResource, resourceNames } from './resource-settings.queries';

/**
 * spec §3 "Function type: active, resource_function_type_id" and §2 functions/:function. A function
 * without a row is off with nothing set; turning one off keeps its settings for when it is back on.
 */
type LinkKey = 'linked-resources' | 'distance-resources';
const isLinkKey = (key: ResourceFunctionKey): key is LinkKey =>
  key === 'linked-resources' || key === 'distance-resources';

async function functionsOf(db: Kysely<Database>, ctx: ServiceContext, resourceId: number) {
  const [rows, links] = await Promise.all([
    db
      .selectFrom('resource_functions')
      .selectAll()
      .where('company_id', '=', ctx.companyId)
      .where('resource_id', '=', resourceId)
      .execute(),
    db
      .selectFrom('resource_function_resources')
      .select(['function_key', 'other_resource_id'])
      .where('company_id', '=', ctx.companyId)
      .where('resource_id', '=', resourceId)
      .execute(),
  ]);
  const names = await resourceNames(db, ctx, [...new Set(links.map((link) => link.other_resource_id))]);
  return RESOURCE_FUNCTIONS.map((key): ResourceFunction => {
    const row = rows.find((candidate) => candidate.function_key === key);
    return {
      function: key,
      resource_function_type_id: resourceFunctionTypeId(key),
      active: row?.active ?? false,
      resources: links
        .filter((link) => link.function_key === key)
        .map((link) => ({ id: link.other_resource_id, name: names.get(link.other_resource_id) ?? '' }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
      language_id: row?.language_id ?? null,
      device_template_id: row?.device_template_id ?? null,
      currency_id: row?.currency_id ?? null,
      price: row?.price_cents != null ? row.price_cents / 100 : null,
    };
  });
}

export async function listFunctions(ctx: ServiceContext, resourceId: number) {
  await ownedResource(ctx.db, ctx.companyId, resourceId);
  return { data: await functionsOf(ctx.db, ctx, resourceId) };
}

/**
 * Every id the body names must exist: other resources of this company (in the change, which holds
 * the resource), and rows of the reference lists (read once and kept, see ReferenceData).
 */
async function referenceErrors(
  db: Kysely<Database>,
  companyId: number,
  lists: ReferenceLists,
  resourceId: number,
  body: ResourceFunctionBody,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const ids = body.resource_ids ?? [];
  if (ids.includes(resourceId)) errors.resource_ids = [RESOURCE_SETTINGS_MESSAGES.linkedToItself];
  else if (!(await allInCompany(db, companyId, 'resources', ids)))
    errors.resource_ids = [notValid('resource_ids')];
  const references = [
    ['language_id', lists.languages, body.language_id],
    ['device_template_id', lists.devicetemplates, body.device_template_id],
    ['currency_id', lists.currencies, body.currency_id],
  ] as const;
  for (const [field, list, id] of references) {
    if (id != null && !list.some((entry) => entry.id === id)) errors[field] = [notValid(field)];
  }
  return errors;
}

/** PUT resources/{id}/functions/{function}: what is sent changes, in one transaction. */
export async function updateFunction(
  ctx: ServiceContext,
  reference: ReferenceData,
  resourceId: number,
  key: ResourceFunctionKey,
  body: ResourceFunctionBody,
): Promise<ResourceFunction> {
  // Read before the transaction: on the embedded database it holds the one connection.
  const lists = await reference.referenceLists();
  return changeResource(ctx, resourceId, async (tx) => {
    const errors = {
      ...(await referenceErrors(tx, ctx.companyId, lists, resourceId, body)),
      ...functionFieldErrors(key, body),
    };
    if (Object.keys(errors).length > 0) throw unprocessable(errors);

    const settings = {
      active: body.active,
      ...(body.language_id !== undefined ? { language_id: body.language_id } : {}),
      ...(body.device_template_id !== undefined ? { device_template_id: body.device_template_id } : {}),
      ...(body.currency_id !== undefined ? { currency_id: body.currency_id } : {}),
      ...(body.price !== undefined
        ? { price_cents: body.price === null ? null : Math.round(body.price * 100) }
        : {}),
    };
    await tx
      .insertInto('resource_functions')
      .values({ company_id: ctx.companyId, resource_id: resourceId, function_key: key, ...settings })
      .onConflict((conflict) =>
        conflict.columns(['company_id', 'resource_id', 'function_key']).doUpdateSet(settings),
      )
      .execute();

    if (isLinkKey(key) && body.resource_ids !== undefined) {
      await tx
        .deleteFrom('resource_function_resources')
        .where('company_id', '=', ctx.companyId)
        .where('resource_id', '=', resourceId)
        .where('function_key', '=', key)
        .execute();
      const ids = [...new Set(body.resource_ids)];
      if (ids.length > 0)
        await tx
          .insertInto('resource_function_resources')
          .values(
            ids.map((id) => ({
              company_id: ctx.companyId,
              resource_id: resourceId,
              function_key: key,
              other_resource_id: id,
            })),
          )
          .execute();
    }
    const all = await functionsOf(tx, ctx, resourceId);
    return all.find((item) => item.function === key)!;
  });
}
