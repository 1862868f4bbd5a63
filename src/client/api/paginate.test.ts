import { describe, expect, it, vi } from 'vitest';
import { loadPages } from './paginate';

const pages = (last: number) =>
  vi.fn(async (page: number, perPage: number) => ({
    data: [`item ${page}`],
    meta: { current_page: page, last_page: last, per_page: perPage, total: last * perPage },
  }));

describe('spec §4 paginated lists', () => {
  it('asks for pages of 200', async () => {
    const fetchPage = pages(1);
    await loadPages(fetchPage);
    expect(fetchPage).toHaveBeenCalledWith(1, 200);
  });

  it('stops when there are no more pages', async () => {
    const fetchPage = pages(2);
    const { items } = await loadPages(fetchPage);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(items).toEqual(['item 1', 'item 2']);
  });

  it('keeps fetching only while the current page is below 3', async () => {
    const fetchPage = pages(10);
    const { items, lastPage } = await loadPages(fetchPage);
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([1, 2, 3]);
    expect(items).toHaveLength(3);
    expect(lastPage).toBe(10);
  });

  it('stops when the server does not advance', async () => {
    const fetchPage = vi.fn(async () => ({ data: [1], meta: { current_page: 1, last_page: 5, per_page: 200, total: 5 } }));
    await loadPages(fetchPage);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
