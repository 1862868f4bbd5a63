import { describe, expect, it } from 'vitest';
import { activeFilterCount, filtersFromParams, filtersToParams, listQuery, NO_FILTERS } from './filters';

describe('users list filters (spec §7: user_containers, assigned_resources, sso, is_visitor, query)', () => {
  it('keep every filter in the address and read it back the same', () => {
    const filters = { query: 'ada', containers: [3, 7], assigned: '1', sso: '0', visitor: '1' } as const;
    const params = filtersToParams(filters);
    expect(params.toString()).toBe('query=ada&user_containers=3%2C7&assigned_resources=1&sso=0&is_visitor=1');
    expect(filtersFromParams(params)).toEqual(filters);
  });

  it('leave out what is not set, and ignore what an edited address makes up', () => {
    expect(filtersToParams(NO_FILTERS).toString()).toBe('');
    expect(filtersFromParams(new URLSearchParams('sso=maybe&user_containers=1,x,2'))).toEqual({
      ...NO_FILTERS,
      containers: [1, 2],
    });
  });

  it('ask the API for pages of 200 and count the filters beside the search', () => {
    expect(listQuery(NO_FILTERS, 2, 200).toString()).toBe('page=2&per_page=200');
    expect(activeFilterCount({ ...NO_FILTERS, query: 'x', containers: [1], sso: '1' })).toBe(2);
  });
});
