/**
 * The help pages' html as the server keeps it (sanitised on write): rebuilt from an allow-list,
 * never passed through. Text is escaped; a tag that is well formed and allowed is written again
 * with its allowed attributes only, values escaped; every other tag is dropped (script, style and
 * the like with their content). What comes out can hold no script, no event handler and no
 * javascript: link whatever came in. The client sanitises again with the browser's parser
 * (client/shell/sanitize-html.ts) before rendering.
 */
import { ALLOWED_ATTRIBUTES as SHARED_ATTRIBUTES, ALLOWED_TAGS, isSafeUrl } from './help-html-allow-list';

const VOID_TAGS = new Set(['br', 'hr', 'img']);
// Dropped with everything up to their closing tag.
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'textarea',
  'title',
  'xmp',
]);
const ALLOWED_ATTRIBUTES = new Set([...SHARED_ATTRIBUTES, 'class']);

const TAG =
  /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITY = /^&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});/;

const escapeText = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// Entities in attribute values are decoded before the URL check: '&#106;avascript:' is javascript:.
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, name: string) => {
    if (name[0] !== '#')
      return (
        (
          {
            amp: '&',
            lt: '<',
            gt: '>',
            quot: '"',
            apos: "'",
            colon: ':',
            tab: '\t',
            newline: '\n',
          } as Record<string, string>
        )[name.toLowerCase()] ?? whole
      );
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
  });
}

function attributesOf(tag: string, source: string): string {
  let out = '';
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!ALLOWED_ATTRIBUTES.has(name)) continue;
    const value = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
    if ((name === 'href' || name === 'src') && !isSafeUrl(value)) continue;
    out += ` ${name}="${escapeAttribute(value)}"`;
  }
  if (tag === 'a' && /^https?:/i.test(out.match(/ href="([^"]*)"/)?.[1] ?? ''))
    out += ' target="_blank" rel="noopener noreferrer"';
  return out;
}

export function sanitizeHelpHtml(html: string): string {
  let out = '';
  let rest = html.replace(/<!--[\s\S]*?(-->|$)/g, '');
  while (rest.length > 0) {
    const lt = rest.indexOf('<');
    const amp = rest.indexOf('&');
    const next = Math.min(lt === -1 ? Infinity : lt, amp === -1 ? Infinity : amp);
    if (next === Infinity) {
      out += escapeText(rest);
      break;
    }
    out += escapeText(rest.slice(0, next));
    rest = rest.slice(next);
    if (rest[0] === '&') {
      const entity = ENTITY.exec(rest)?.[0];
      out += entity ?? '&amp;';
      rest = rest.slice(entity ? entity.length : 1);
      continue;
    }
    const tag = TAG.exec(rest);
    if (!tag) {
      out += '&lt;';
      rest = rest.slice(1);
      continue;
    }
    rest = rest.slice(tag[0].length);
    const closing = tag[1] === '/';
    const name = tag[2]!.toLowerCase();
    if (!closing && DROPPED_WITH_CONTENT.has(name)) {
      const end = rest.search(new RegExp(`</${name}\\s*>`, 'i'));
      rest = end === -1 ? '' : rest.slice(end).replace(new RegExp(`^</${name}\\s*>`, 'i'), '');
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;
    if (closing) out += VOID_TAGS.has(name) ? '' : `</${name}>`;
    else out += `<${name}${attributesOf(name, tag[3] ?? '')}>`;
  }
  return out;
}
