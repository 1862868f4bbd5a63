import type { CreateDeclarationBody, DeclarationList } from '../../../shared/contract/declarations';
import { declarationPaths } from '../../../shared/contract/declarations-paths';
import {
  levelPath,
  levelPaths,
  levelsPath,
  type Level,
  type LevelList,
} from '../../../shared/contract/levels';
import {
  planPaths,
  type LevelResourcesOccupancy,
  type Occupancy,
  type PlanResourceLimit,
  type PlanScan,
  type PlanSlots,
} from '../../../shared/contract/plan';
import {
  levelResourcesPath,
  resourcePaths,
  type ResourceInfo,
  type ResourceList,
} from '../../../shared/contract/resources';
import type { SlotType } from '../../../shared/time/slots';
import { qrCodePaths, type QrCodeTarget } from '../../../shared/contract/qr-codes';
import { api } from '../../api/client';
import { currentSubdomain } from '../../api/environment';
import { useApi } from '../../api/swr';
import type { PlanFilters } from './plan-filters';
import { filtersToQuery } from './plan-filters';
import type { SelectedSlot } from './plan-state';

const fill = (path: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((result, [key, value]) => result.replace(`:${key}`, String(value)), path);

const optional = (values: Record<string, string | null | undefined>) =>
  Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== null && value !== undefined),
  ) as Record<string, string>;

/** spec §2 location picker: every level (marks, favourites, default), the frequent ones, a search. */
export const useAllPlanLevels = () => useApi<LevelList>(levelPaths.all, { searchParams: { depth: 'ALL' } });
export const useFrequentLevels = () => useApi<LevelList>(levelPaths.all, { searchParams: { frequent: '1' } });
export const useLevelSearch = (query: string) =>
  useApi<LevelList>(query ? levelPaths.all : null, { searchParams: { query } });
export const usePlanLevel = (id: number | null) => useApi<Level>(id === null ? null : levelPath(id));

export const setLevelFavorite = (id: number, favorite: boolean) =>
  api.post<Level>(`${levelsPath}/${id}/${favorite ? 'favor' : 'disfavor'}`, undefined);

/** Where a level opens: its only resource when it is directly declarable with exactly one. */
export const scanLevel = (id: number) =>
  api.get<PlanScan>(planPaths.scan, { searchParams: { type_id: 2, element_id: id } });

/**
 * A code scanned in the plan (spec §2 camera button): what it names (qrcode-read, with its company),
 * then where the plan opens it (plan scan: the resource, or a level's only resource).
 */
export async function scanCode(code: string): Promise<{ target: QrCodeTarget; scan: PlanScan | null }> {
  const target = await api.get<QrCodeTarget>(fill(qrCodePaths.read, { code }), { silent: true });
  if (target.subdomain !== currentSubdomain()) return { target, scan: null };
  const scan = await api.get<PlanScan>(planPaths.scan, {
    searchParams: { type_id: target.entity_kind, element_id: target.entity_id },
  });
  return { target, scan };
}

export const useLevelResources = (levelId: number | null, filters: PlanFilters) =>
  useApi<ResourceList>(levelId === null ? null : levelResourcesPath(levelId), {
    searchParams: filtersToQuery(filters),
  });

export const useResourceInfo = (id: number | null) =>
  useApi<ResourceInfo>(id === null ? null : fill(resourcePaths.info, { id }));

export const useSlots = (
  type: 'resource' | 'level',
  id: number | null,
  date: string | null,
  slotType: SlotType | null,
) =>
  useApi<PlanSlots>(id === null ? null : fill(planPaths.slots, { type, id }), {
    searchParams: optional({ date, slot_type: slotType }),
  });

export const useOccupancy = (type: 'resource' | 'level', id: number | null, date: string | null) =>
  useApi<Occupancy>(id === null ? null : fill(planPaths.occupancy, { type, id }), {
    searchParams: optional({ date }),
  });

export const usePlanLimit = (resourceId: number | null, date: string | null) =>
  useApi<PlanResourceLimit>(resourceId === null ? null : fill(planPaths.limit, { id: resourceId }), {
    searchParams: optional({ date }),
  });

/** One call for every marker of a level: each resource's occupancy, and the chosen slot's state. */
export const useLevelResourcesOccupancy = (
  levelId: number | null,
  date: string | null,
  slot: SelectedSlot | null,
) => {
  const first = slot?.slots[0];
  const last = slot?.slots.at(-1);
  return useApi<LevelResourcesOccupancy>(
    levelId === null ? null : fill(planPaths.levelResourcesOccupancy, { id: levelId }),
    {
      searchParams: optional({
        date,
        datetime_from: first?.datetime_from,
        datetime_to: last?.datetime_to,
      }),
    },
  );
};

/** POST declarations, silent: a refusal (a conflict names the resource and the slot) shows in place. */
export const book = (body: CreateDeclarationBody) =>
  api.post<DeclarationList>(declarationPaths.all, body, { silent: true });
