import {
  RESOURCE_MODELS,
  type ResourceListQuery,
  type ResourceModel,
} from '../../../shared/contract/resources';

/**
 * spec §2 /resources search-filters: what the list is narrowed to. Kept in the address's search
 * parameters, so the list, its filter screen and the browser's back and forward agree on them.
 */
export interface ResourceFilters {
  query: string;
  level_id: number | null;
  resource_type: readonly number[];
  resource_model: readonly ResourceModel[];
  /** a resource must have every one of these */
  resource_attribute: readonly number[];
  /** the least capacity wanted */
  capacity: number | null;
}

export const NO_FILTERS: ResourceFilters = {
  query: '',
  level_id: null,
  resource_type: [],
  resource_model: [],
  resource_attribute: [],
  capacity: null,
};

export const LIST_PAGE_SIZE = 50;

function positive(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const value = Number(raw);
  return value > 0 ? value : null;
}

function idList(raw: string | null): number[] {
  if (!raw) return [];
  const ids = raw.split(',').map(positive);
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

function isModel(value: string): value is ResourceModel {
  return (RESOURCE_MODELS as readonly string[]).includes(value);
}

/** Reads the filters from the address; anything it does not understand is left out. */
export function filtersFromParams(params: URLSearchParams): ResourceFilters {
  const models = (params.get('resource_model') ?? '').split(',').filter(isModel);
  return {
    query: (params.get('query') ?? '').slice(0, 120),
    level_id: positive(params.get('level_id')),
    resource_type: idList(params.get('resource_type')),
    resource_model: [...new Set(models)],
    resource_attribute: idList(params.get('resource_attribute')),
    capacity: positive(params.get('capacity')),
  };
}

/** The filters as search parameters, with only what is set, in a stable order. */
export function filtersToParams(filters: ResourceFilters): URLSearchParams {
  const params = new URLSearchParams();
  const query = filters.query.trim();
  if (query) params.set('query', query);
  if (filters.level_id !== null) params.set('level_id', String(filters.level_id));
  if (filters.resource_type.length) params.set('resource_type', filters.resource_type.join(','));
  if (filters.resource_model.length) params.set('resource_model', filters.resource_model.join(','));
  if (filters.resource_attribute.length)
    params.set('resource_attribute', filters.resource_attribute.join(','));
  if (filters.capacity !== null) params.set('capacity', String(filters.capacity));
  return params;
}

/** GET resources for one page of the list. */
export function listQuery(filters: ResourceFilters, page: number): Record<string, string | number> {
  return {
    ...Object.fromEntries(filtersToParams(filters)),
    page,
    per_page: LIST_PAGE_SIZE,
  } satisfies ResourceListQuery as Record<string, string | number>;
}

/** How many filters besides the search are on (the Filters button shows it). */
export function activeFilterCount(filters: ResourceFilters): number {
  return (
    (filters.level_id !== null ? 1 : 0) +
    (filters.resource_type.length ? 1 : 0) +
    (filters.resource_model.length ? 1 : 0) +
    (filters.resource_attribute.length ? 1 : 0) +
    (filters.capacity !== null ? 1 : 0)
  );
}
