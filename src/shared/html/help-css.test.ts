import { describe, expect, it } from 'vitest';
import { HELP_CSS_MESSAGES, helpCssProblem, scopedHelpCss } from './help-css';

describe('helpCssProblem (the help stylesheet stays inside help content)', () => {
  it('accepts ordinary rules', () => {
    expect(helpCssProblem('h2 { color: rebeccapurple } p a { text-decoration: underline; }')).toBeNull();
    expect(helpCssProblem('.note { background: url("/assets/note.png") }')).toBeNull();
    expect(helpCssProblem('p::before { content: "}" }')).toBeNull();
  });
  it.each([
    ['} body { display: none } .x {', HELP_CSS_MESSAGES.braces],
    ['h2 { color: red', HELP_CSS_MESSAGES.braces],
    ['</style><script>alert(1)</script>', HELP_CSS_MESSAGES.markup],
    ['@import url(https://evil.test/a.css);', HELP_CSS_MESSAGES.imports],
    ['p { background: url(javascript:alert(1)) }', HELP_CSS_MESSAGES.urls],
    ['p { background: url(//evil.test/x.png) }', HELP_CSS_MESSAGES.urls],
  ])('refuses %j', (css, message) => expect(helpCssProblem(css)).toBe(message));
  it('scopes the rules to help content', () => {
    expect(scopedHelpCss('h2 { color: red }')).toBe('@scope (.help-content) {\nh2 { color: red }\n}');
    expect(scopedHelpCss('  ')).toBe('');
  });
});
