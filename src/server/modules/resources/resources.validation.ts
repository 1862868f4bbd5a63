import type { Kysely } from 'kysely';
import type { NameTranslationsBody } from '../../../shared/contract/resource-types';
import { notValid, type FieldErrors } from '../../../shared/validation';
import { checkNameTranslations, type KeptName } from '../../../shared/validation/name-translations';
import { RESOURCE_MESSAGES } from '../../../shared/validation/resources';
import type { Database } from '../../db/schema';
import { unprocessable } from '../../http/errors';
import { existingCatalogueIds, lockLevelResources, namesTakenOnLevel } from './resource-changes.queries';

export { RESOURCE_MESSAGES };

/** The resource as it will be after the change: what the checks look at. */
export interface ResourceDraft {
  level_id: number;
  resource_type_id: number;
  capacity: number;
  max_capacity: number;
  /** sent attribute ids, or undefined when they do not change */
  resource_attribute_ids?: readonly number[] | undefined;
  /** sent names, or undefined when they do not change */
  translations?: NameTranslationsBody | undefined;
}

export interface CheckContext {
  companyId: number;
  companyLanguage: number;
  knownLanguages: ReadonlySet<number>;
}

/**
 * Every check of a create or update, in the transaction and under the level's lock, so that the name
 * check cannot pass for two concurrent writes on one level. 422 with every bad field at once;
 * answers the names to write (or null when they do not change).
 *
 * `keptNames`: when the names are not sent but the level changes, the current names are checked
 * against the new level (they are reported at translations.{i}.name all the same).
 */
export async function checkResource(
  tx: Kysely<Database>,
  ctx: CheckContext,
  draft: ResourceDraft,
  exceptId: number | null,
  currentNames: readonly KeptName[] | null,
): Promise<readonly KeptName[] | null> {
  await lockLevelResources(tx, ctx.companyId, draft.level_id);
  const errors: FieldErrors = {};
  const attributeIds = [...new Set(draft.resource_attribute_ids ?? [])];
  const [levels, types, attributes] = await Promise.all([
    existingCatalogueIds(tx, ctx.companyId, 'levels', [draft.level_id]),
    existingCatalogueIds(tx, ctx.companyId, 'resource_types', [draft.resource_type_id]),
    existingCatalogueIds(tx, ctx.companyId, 'resource_attributes', attributeIds),
  ]);
  if (levels.size === 0) errors['level_id'] = [notValid('level_id')];
  if (types.size === 0) errors['resource_type_id'] = [notValid('resource_type_id')];
  if (attributes.size !== attributeIds.length)
    errors['resource_attribute_ids'] = [notValid('resource_attribute_ids')];
  if (draft.capacity > draft.max_capacity) errors['capacity'] = [RESOURCE_MESSAGES.capacityOverMax];
  const names = draft.translations
    ? checkNameTranslations(draft.translations, ctx.companyLanguage, ctx.knownLanguages, errors)
    : currentNames;
  if (names && levels.size > 0) {
    const taken = await namesTakenOnLevel(tx, ctx.companyId, draft.level_id, names, exceptId);
    const used = new Set(taken.map((row) => `${row.language_id}:${row.name}`));
    for (const entry of names)
      if (used.has(`${entry.language_id}:${entry.name}`))
        errors[`translations.${entry.index}.name`] = [RESOURCE_MESSAGES.nameTaken];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return draft.translations ? names : null;
}
