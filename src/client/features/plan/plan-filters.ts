import type { Resource } from '../../../shared/contract/resources';
import { filtersFromParams, filtersToParams, type ResourceFilters } from '../resources/filters';

/**
 * spec §2 Plan resources/search-filters: type, model, attributes, least capacity and a search,
 * kept in the address as the resources list keeps them (the level is the route's own).
 */
export type PlanFilters = Omit<ResourceFilters, 'level_id'>;

export const planFiltersFromParams = (params: URLSearchParams): PlanFilters => {
  const { level_id: _level, ...filters } = filtersFromParams(params);
  return filters;
};

export const planFiltersToParams = (filters: PlanFilters) => filtersToParams({ ...filters, level_id: null });

/** GET levels/{id}/resources/all: the server does the filtering. */
export const filtersToQuery = (filters: PlanFilters): Record<string, string> =>
  Object.fromEntries(planFiltersToParams(filters));

/**
 * The types and attributes to filter by: those of the level's resources (a plan user may not read
 * the company's catalogues), each once, by name.
 */
export function filterChoices(resources: readonly Resource[]) {
  const types = new Map<number, string>();
  const attributes = new Map<number, string>();
  for (const resource of resources) {
    types.set(resource.resource_type.id, resource.resource_type.name);
    for (const attribute of resource.resource_attributes) attributes.set(attribute.id, attribute.name);
  }
  const sorted = (map: Map<number, string>) =>
    [...map].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  return { types: sorted(types), attributes: sorted(attributes) };
}
