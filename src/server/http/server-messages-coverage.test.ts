import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messageMatcher } from '../../shared/text/message-templates';
import { LABELS } from '../seed/labels';

/*
 * Every English sentence written into a refusal (the message or field errors of unauthorized,
 * forbidden, notFound, conflict, unprocessable, tooManyRequests, new HttpError) has a messages.*
 * row, so that translate-errors.ts can say it in the request's language. A template literal's
 * `${…}` parts stand for any text, as the rows' {placeholders} do.
 */
const SERVER = join(__dirname, '..');
const CONSTRUCTOR =
  /\b(?:unauthorized|forbidden|notFound|conflict|unprocessable|tooManyRequests|HttpError)\(/g;
const LITERAL = /'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g;

/** Texts as scanned that are not whole messages (each says why); their rows are templates. */
const EXEMPT = new Set<string>([]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'seed' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The text of a call's arguments: from its opening parenthesis to the matching closing one. */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === '(') depth += 1;
    else if (text[index] === ')' && (depth -= 1) === 0) return text.slice(open + 1, index);
  }
  return text.slice(open + 1);
}

/** A sentence, not a code or a field name: it starts with a capital or a placeholder. */
const isSentence = (text: string) => /^(?:[A-Z]|\$\{)/.test(text) && /[ .?!]/.test(text);

function refusalMessages(): { where: string; text: string }[] {
  const found: { where: string; text: string }[] = [];
  for (const file of sources(SERVER)) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(CONSTRUCTOR)) {
      const args = argumentsAt(text, call.index + call[0].length - 1);
      for (const literal of args.matchAll(LITERAL)) {
        const raw = literal[1] ?? literal[2] ?? '';
        if (!isSentence(raw)) continue;
        const filled = raw.replace(/\$\{[^}]*\}/g, 'X').replace(/\\(.)/g, '$1');
        const line = text.slice(0, call.index).split('\n').length;
        found.push({ where: `${relative(SERVER, file)}:${line}`, text: filled });
      }
    }
  }
  return found;
}

describe('server refusals have messages.* rows (translate-errors.ts)', () => {
  const matches = messageMatcher(
    LABELS.filter(([code]) => code.startsWith('messages.')).map(([code, en]) => [code, en] as const),
  );

  it('finds the refusals it checks', () => {
    expect(refusalMessages().length).toBeGreaterThan(20);
  });

  it('matches every literal message passed to an error constructor to an English template', () => {
    const missing = refusalMessages().filter(({ text }) => !EXEMPT.has(text) && !matches(text));
    expect(missing.map(({ where, text }) => `${where}  ${text}`)).toEqual([]);
  });
});
