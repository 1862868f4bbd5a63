/**
 * Messages written with placeholders ('The field must contain {min} or more characters.') are sent
 * and shown already filled. To say one in another language, the filled English text is matched back
 * to its template, and the template's translation is filled with the same values.
 */
export interface MatchedMessage {
  code: string;
  params: Record<string, string>;
}

export type MessageMatcher = (text: string) => MatchedMessage | null;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A matcher over [code, English template] pairs: exact texts by lookup, templates by pattern. */
export function messageMatcher(
  templates: Iterable<readonly [code: string, english: string]>,
): MessageMatcher {
  const exact = new Map<string, string>();
  const patterns: { code: string; pattern: RegExp; names: string[] }[] = [];
  for (const [code, english] of templates) {
    const names = [...english.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    if (names.length === 0) {
      exact.set(english, code);
      continue;
    }
    const source = english
      .split(/\{\w+\}/)
      .map(escape)
      .join('(.+?)');
    patterns.push({ code, pattern: new RegExp(`^${source}$`, 's'), names });
  }
  return (text) => {
    const code = exact.get(text);
    if (code) return { code, params: {} };
    for (const { code: templateCode, pattern, names } of patterns) {
      const found = pattern.exec(text);
      if (found) {
        return {
          code: templateCode,
          params: Object.fromEntries(names.map((name, index) => [name, found[index + 1]!])),
        };
      }
    }
    return null;
  };
}
