/**
 * The one search rule of the product: case and accents do not matter ('São' finds 'sao', 'Zürich'
 * finds 'zurich'). Lists filtered on the client and on the server both use it.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Whether `text` contains `query` under the search rule; a blank query matches everything. */
export function matchesSearch(text: string, query: string): boolean {
  const wanted = foldForSearch(query.trim());
  return wanted === '' || foldForSearch(text).includes(wanted);
}
