/** What help pages' html may hold, on the server's write and the client's render alike. */
export const ALLOWED_TAGS = new Set([
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);

/** The attributes any allowed element may keep (the server's copy keeps `class` too). */
export const ALLOWED_ATTRIBUTES: ReadonlySet<string> = new Set([
  'href',
  'src',
  'alt',
  'title',
  'colspan',
  'rowspan',
  'scope',
  'lang',
  'dir',
]);

/** Links and images only to http(s), mailto and in-app paths. */
const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#)/i;

/**
 * Whether an href or src may stay. Browsers ignore control characters and spaces inside a scheme
 * ('java\tscript:'), so they are left out before the check.
 */
export function isSafeUrl(value: string): boolean {
  return SAFE_URL.test([...value].filter((character) => character.charCodeAt(0) > 0x20).join(''));
}
