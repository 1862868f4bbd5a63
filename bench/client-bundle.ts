// Gzip size of the JavaScript each entry page loads before anything else (its <script> tags),
// from the production build in dist/. Targets: task pane ≤ 200 KB, browser app ≤ 250 KB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { report } from './lib/report';

function initialScripts(html: string): string[] {
  return [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)]
    .map((match) => match[1]!)
    .filter((src) => src.startsWith('/') && !src.startsWith('//'));
}

for (const [entry, page] of [
  ['app', 'index.html'],
  ['taskpane', 'taskpane.html'],
] as const) {
  const scripts = initialScripts(readFileSync(join('dist', page), 'utf8'));
  const bytes = scripts.reduce(
    (sum, src) => sum + gzipSync(readFileSync(join('dist', src)), { level: 9 }).length,
    0,
  );
  report(`${entry}_initial_js_gzip`, bytes / 1024, 'KB');
}
