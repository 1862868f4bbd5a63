// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('help html sanitising', () => {
  it('keeps ordinary markup', () =>
    expect(sanitizeHtml('<h2>Levels</h2><p>Pick a <strong>level</strong>.</p>')).toBe(
      '<h2>Levels</h2><p>Pick a <strong>level</strong>.</p>',
    ));
  it('drops scripts and styles with their contents', () =>
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style>')).toBe('<p>a</p>'));
  it('drops event handlers and style attributes', () =>
    expect(sanitizeHtml('<img src="/a.png" onerror="alert(1)" style="x">')).toBe('<img src="/a.png">'));
  it('drops javascript: links, even disguised', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
  });
  it('opens outside links in a new tab without an opener', () =>
    expect(sanitizeHtml('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    ));
  it('unwraps unknown elements and keeps their text', () =>
    expect(sanitizeHtml('<custom-x><p>t</p></custom-x><iframe src="x"></iframe>')).toBe('<p>t</p>'));
});
