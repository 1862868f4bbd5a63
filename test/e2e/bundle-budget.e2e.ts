import { describe, expect, it } from 'vitest';
import { entrySizes } from '../support/bundle-size';

/**
 * Issue 6: the pane's initial JavaScript stays within 200 KB gzip (the browser app within 250), on
 * the production build the browser tests run against (built by their global setup). A size, not a
 * time: `npm run bench` reports the same figures (bench/client-bundle.ts).
 */
describe('the first download', () => {
  it('of the task pane is at most 200 KB of JavaScript, gzip', () => {
    expect(entrySizes('dist', 'taskpane.html').initial).toBeLessThanOrEqual(200);
  });

  it('of the browser app is at most 250 KB of JavaScript, gzip', () => {
    expect(entrySizes('dist', 'index.html').initial).toBeLessThanOrEqual(250);
  });
});
