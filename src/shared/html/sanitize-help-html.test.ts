import { describe, expect, it } from 'vitest';
import { sanitizeHelpHtml } from './sanitize-help-html';

describe('sanitizeHelpHtml (help pages, sanitised on write)', () => {
  it('keeps the formatting a help page needs', () => {
    const html =
      '<h2>Booking a desk</h2><p>Open <strong>Plan</strong>, then <a href="/plan">choose</a>.</p><ul><li>one</li></ul><img src="/assets/a.png" alt="A">';
    expect(sanitizeHelpHtml(html)).toBe(
      '<h2>Booking a desk</h2><p>Open <strong>Plan</strong>, then <a href="/plan">choose</a>.</p><ul><li>one</li></ul><img src="/assets/a.png" alt="A">',
    );
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<SCRIPT src=x></SCRIPT>ok', 'ok'],
    ['<img src=x onerror=alert(1)>', '<img>'],
    ['<p onclick="alert(1)" ONMOUSEOVER=x>t</p>', '<p>t</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.test">x</a>', '<a>x</a>'],
    ['<iframe src="https://evil.test"></iframe>ok', 'ok'],
    ['<style>body{display:none}</style>ok', 'ok'],
    ['<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['<p>a < b && c</p>', '<p>a &lt; b &amp;&amp; c</p>'],
    ['<<script>alert(1)</script>', '&lt;'],
    ['<img src="/x.png" alt="a" onerror="alert(1)"/>', '<img src="/x.png" alt="a">'],
    [
      "<p title='\"><script>alert(1)</script>'>x</p>",
      '<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</p>',
    ],
    ['<!-- <script>alert(1)</script> -->ok', 'ok'],
    ['<form action="/x"><input name=a></form>text', 'text'],
  ])('%s → %s', (input, output) => {
    expect(sanitizeHelpHtml(input)).toBe(output);
  });

  it('opens outside links in a new tab without handing over the opener', () => {
    expect(sanitizeHelpHtml('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
