import { MAX_PER_PAGE } from '../../shared/contract/common';
import type { Paginated } from '../../shared/contract/common';

/** spec §4/§9: the last page an automatic list load asks for. */
export const AUTO_FETCH_PAGES = 3;

/**
 * spec §4: lists load pages of 200 and keep fetching while the current page is below 3 and more
 * pages exist.
 */
export async function loadPages<T>(
  fetchPage: (page: number, perPage: number) => Promise<Paginated<T>>,
): Promise<{ items: T[]; lastPage: number; total: number }> {
  const items: T[] = [];
  let page = 1;
  for (;;) {
    const answer = await fetchPage(page, MAX_PER_PAGE);
    items.push(...answer.data);
    const { current_page: current, last_page: last, total } = answer.meta;
    // A server that does not advance would otherwise loop forever.
    if (current < AUTO_FETCH_PAGES && current < last && current >= page) page = current + 1;
    else return { items, lastPage: last, total };
  }
}
