/**
 * Help pages are sanitised on write (contract/help.ts); the client does it again before rendering,
 * because an html string reaching innerHTML must never run code. Allow-list of elements and
 * attributes; links only to http(s), mailto and in-app paths.
 */
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, isSafeUrl } from '../../shared/html/help-html-allow-list';

// Contents dropped entirely, not just unwrapped.
const DROPPED_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'form',
  'frame',
  'frameset',
  'link',
  'meta',
  'base',
]);

function clean(node: Node, doc: Document): void {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === 8) {
      child.remove(); // comments
      continue;
    }
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED_TAGS.has(tag)) {
      element.remove();
      continue;
    }
    clean(element, doc);
    if (!ALLOWED_TAGS.has(tag)) {
      element.replaceWith(...element.childNodes);
      continue;
    }
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.trim();
      const url = name === 'href' || name === 'src';
      if (!ALLOWED_ATTRIBUTES.has(name) || (url && !isSafeUrl(value)))
        element.removeAttribute(attribute.name);
    }
    if (tag === 'a' && element.hasAttribute('href') && /^https?:/i.test(element.getAttribute('href') ?? '')) {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body, doc);
  return doc.body.innerHTML;
}
