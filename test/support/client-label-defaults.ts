import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The labels the client asks for by a literal code, with the English default written beside it:
 * `t('code', 'English')`, `t('code', { one: '…', other: '…' })` (codes `code_one`, `code_other`) and
 * route titles `{ code: '…', english: '…' }`. Codes built at run time (template literals) are not
 * seen. Test files are skipped.
 */
export interface ClientLabel {
  code: string;
  english: string;
  file: string;
}

const ROOT = join(__dirname, '..', '..');
const CLIENT = join(ROOT, 'src', 'client');

// A quoted JavaScript string: '…' or "…" with escapes.
const QUOTED = String.raw`'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"`;
const CALL = new RegExp(
  String.raw`\bt\(\s*'([a-z][\w.-]*)'\s*,\s*(?:(${QUOTED})|\{\s*one:\s*(${QUOTED})\s*,\s*other:\s*(${QUOTED})\s*,?\s*\})`,
  'g',
);
const TITLE = new RegExp(String.raw`\{\s*code:\s*'([a-z][\w.-]*)'\s*,\s*english:\s*(${QUOTED})`, 'g');

function unquote(literal: string): string {
  const body = literal.slice(1, -1);
  return body.replace(/\\(.)/g, (_whole, char: string) => (char === 'n' ? '\n' : char));
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

export function clientLabelDefaults(): ClientLabel[] {
  const found: ClientLabel[] = [];
  for (const path of sourceFiles(CLIENT)) {
    const text = readFileSync(path, 'utf8');
    const file = relative(ROOT, path);
    for (const match of text.matchAll(CALL)) {
      const [, code, single, one, other] = match;
      if (single) found.push({ code: code!, english: unquote(single), file });
      else {
        found.push({ code: `${code}_one`, english: unquote(one!), file });
        found.push({ code: `${code}_other`, english: unquote(other!), file });
      }
    }
    for (const match of text.matchAll(TITLE)) {
      found.push({ code: match[1]!, english: unquote(match[2]!), file });
    }
  }
  return found;
}
