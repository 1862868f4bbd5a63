import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What an entry page of the production build makes the browser download first: its own <script>
 * tags (Office.js from Microsoft's CDN aside), and the scripts it preloads beside them
 * (<link rel="preload" as="script">, the pane's landing screen), which run only when that opens.
 */
const local = (src: string) => src.startsWith('/') && !src.startsWith('//');

export function initialScripts(html: string): string[] {
  return [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!).filter(local);
}

export function preloadedScripts(html: string): string[] {
  return [...html.matchAll(/<link[^>]*\brel="preload"[^>]*>/g)]
    .filter((match) => /\bas="script"/.test(match[0]))
    .map((match) => /\bhref="([^"]+)"/.exec(match[0])?.[1] ?? '')
    .filter(local);
}

/** The files' gzip size (level 9) together, in KB. */
export function gzipKb(dir: string, files: readonly string[]): number {
  return (
    files.reduce((sum, src) => sum + gzipSync(readFileSync(join(dir, src)), { level: 9 }).length, 0) / 1024
  );
}

/** An entry page's first scripts, gzip KB: `page` is 'index.html' or 'taskpane.html'. */
export function entrySizes(dir: string, page: string): { initial: number; preloaded: number } {
  const html = readFileSync(join(dir, page), 'utf8');
  return { initial: gzipKb(dir, initialScripts(html)), preloaded: gzipKb(dir, preloadedScripts(html)) };
}
