import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  filtersFromParams,
  filtersToParams,
  listQuery,
  NO_FILTERS,
  type ResourceFilters,
} from './filters';

describe('spec §2 /resources search-filters kept in the address', () => {
  it('reads back what it wrote, so back and forward show the same list', () => {
    const filters: ResourceFilters = {
      query: 'window',
      level_id: 4,
      resource_type: [1, 3],
      resource_model: ['bookable', 'on_request'],
      resource_attribute: [2, 5],
      capacity: 6,
    };
    const params = filtersToParams(filters);
    expect(params.toString()).toBe(
      'query=window&level_id=4&resource_type=1%2C3&resource_model=bookable%2Con_request&resource_attribute=2%2C5&capacity=6',
    );
    expect(filtersFromParams(new URLSearchParams(params.toString()))).toEqual(filters);
  });

  it('writes nothing for filters that are off', () => {
    expect(filtersToParams(NO_FILTERS).toString()).toBe('');
    expect(filtersToParams({ ...NO_FILTERS, query: '   ' }).toString()).toBe('');
  });

  it('leaves out what a hand-edited address gets wrong instead of failing the list', () => {
    const filters = filtersFromParams(
      new URLSearchParams('level_id=abc&resource_type=1,x,1,0&resource_model=bookable,nope&capacity=-2'),
    );
    expect(filters).toEqual({ ...NO_FILTERS, resource_type: [1], resource_model: ['bookable'] });
  });

  it('asks the server for pages of 50 with the filters as GET resources reads them', () => {
    expect(listQuery({ ...NO_FILTERS, resource_attribute: [2, 5], capacity: 4 }, 2)).toEqual({
      resource_attribute: '2,5',
      capacity: '4',
      page: 2,
      per_page: 50,
    });
  });

  it('counts the filters besides the search for the Filters button', () => {
    expect(activeFilterCount({ ...NO_FILTERS, query: 'x' })).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, resource_type: [1, 2], capacity: 3 })).toBe(2);
  });
});
