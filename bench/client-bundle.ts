// Gzip size of the JavaScript each entry page loads before anything else (its <script> tags),
// from the production build in dist/. Targets: task pane ≤ 200 KB, browser app ≤ 250 KB. Reported
// beside it: the scripts a page preloads (<link rel="preload" as="script">, the pane's landing
// screen), fetched from the start too but run only when the screen is opened.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { report } from './lib/report';

const local = (src: string) => src.startsWith('/') && !src.startsWith('//');

function initialScripts(html: string): string[] {
  return [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!).filter(local);
}

function preloadedScripts(html: string): string[] {
  return [...html.matchAll(/<link[^>]*\brel="preload"[^>]*>/g)]
    .filter((match) => /\bas="script"/.test(match[0]))
    .map((match) => /\bhref="([^"]+)"/.exec(match[0])?.[1] ?? '')
    .filter(local);
}

const gzipKb = (files: string[]) =>
  files.reduce((sum, src) => sum + gzipSync(readFileSync(join('dist', src)), { level: 9 }).length, 0) /
  1024;

for (const [entry, page] of [
  ['app', 'index.html'],
  ['taskpane', 'taskpane.html'],
] as const) {
  const html = readFileSync(join('dist', page), 'utf8');
  report(`${entry}_initial_js_gzip`, gzipKb(initialScripts(html)), 'KB');
  const preloaded = preloadedScripts(html);
  if (preloaded.length > 0) report(`${entry}_preloaded_js_gzip`, gzipKb(preloaded), 'KB');
}
