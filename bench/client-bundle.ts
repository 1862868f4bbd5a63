// Gzip size of the JavaScript each entry page loads before anything else (its <script> tags),
// from the production build in dist/. Targets: task pane ≤ 200 KB, browser app ≤ 250 KB (also held
// by test/e2e/bundle-budget.e2e.ts). Reported beside it: the scripts a page preloads (the pane's
// landing screen), fetched from the start too but run only when the screen is opened.
import { entrySizes } from '../test/support/bundle-size';
import { report } from './lib/report';

for (const [entry, page] of [
  ['app', 'index.html'],
  ['taskpane', 'taskpane.html'],
] as const) {
  const { initial, preloaded } = entrySizes('dist', page);
  report(`${entry}_initial_js_gzip`, initial, 'KB');
  if (preloaded > 0) report(`${entry}_preloaded_js_gzip`, preloaded, 'KB');
}
