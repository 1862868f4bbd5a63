/**
 * The users list's search and filters (spec §7: user_containers, assigned_resources, sso,
 * is_visitor, query), kept in the address so that back, forward and a shared link keep them.
 */
export type Flag = '' | '0' | '1';

export interface UserFilters {
  query: string;
  containers: readonly number[];
  assigned: Flag;
  sso: Flag;
  visitor: Flag;
}

export const NO_FILTERS: UserFilters = { query: '', containers: [], assigned: '', sso: '', visitor: '' };

const flagOf = (value: string | null): Flag => (value === '0' || value === '1' ? value : '');

export function filtersFromParams(params: URLSearchParams): UserFilters {
  return {
    query: params.get('query') ?? '',
    containers: (params.get('user_containers') ?? '')
      .split(',')
      .filter((id) => /^\d+$/.test(id))
      .map(Number),
    assigned: flagOf(params.get('assigned_resources')),
    sso: flagOf(params.get('sso')),
    visitor: flagOf(params.get('is_visitor')),
  };
}

export function filtersToParams(filters: UserFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query.trim()) params.set('query', filters.query.trim());
  if (filters.containers.length > 0) params.set('user_containers', filters.containers.join(','));
  if (filters.assigned) params.set('assigned_resources', filters.assigned);
  if (filters.sso) params.set('sso', filters.sso);
  if (filters.visitor) params.set('is_visitor', filters.visitor);
  return params;
}

/** The API's query for one page of the list. */
export function listQuery(filters: UserFilters, page: number, perPage: number): URLSearchParams {
  const params = filtersToParams(filters);
  params.set('page', String(page));
  params.set('per_page', String(perPage));
  return params;
}

/** How many filters (beyond the search) are set: the filter button says it. */
export function activeFilterCount(filters: UserFilters): number {
  return (
    (filters.containers.length > 0 ? 1 : 0) +
    [filters.assigned, filters.sso, filters.visitor].filter(Boolean).length
  );
}
