/**
 * The help stylesheet is written by platform administrators and applied to help content only: the
 * client wraps it in `@scope (.help-content) { … }`. That holds only if the text cannot close the
 * block early or leave the <style> element, so such text is refused rather than repaired.
 */
export const HELP_CSS_MESSAGES = {
  braces: 'The braces { } do not match.',
  markup: 'The stylesheet cannot contain “<”.',
  imports: 'The stylesheet cannot import other stylesheets.',
  urls: 'Images may come from https addresses or this site only.',
} as const;

export function helpCssProblem(css: string): string | null {
  if (css.includes('<')) return HELP_CSS_MESSAGES.markup;
  const bare = css.replace(/\/\*[\s\S]*?\*\//g, '');
  if (/@import|@charset|@namespace/i.test(bare)) return HELP_CSS_MESSAGES.imports;
  for (const match of bare.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    if (!/^(https:|\/(?!\/))/i.test(match[2]!.trim())) return HELP_CSS_MESSAGES.urls;
  }
  if (/expression\s*\(|javascript:/i.test(bare)) return HELP_CSS_MESSAGES.urls;
  let depth = 0;
  for (const character of bare.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')) {
    if (character === '{') depth += 1;
    else if (character === '}' && --depth < 0) return HELP_CSS_MESSAGES.braces;
  }
  return depth === 0 ? null : HELP_CSS_MESSAGES.braces;
}

/** The stylesheet as the help child applies it: to help content only. */
export const scopedHelpCss = (css: string) => (css.trim() ? `@scope (.help-content) {\n${css}\n}` : '');
