import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routePathsSource } from './route-paths-source';
import { RESOLVED_ROUTES } from './table';

describe('route-paths.ts', () => {
  it('is the route table’s names and full paths', () => {
    const committed = readFileSync(new URL('./route-paths.ts', import.meta.url), 'utf8');
    expect(
      committed,
      'route-paths.ts differs from the route table: run `npm run routes:paths` (node --import tsx scripts/write-route-paths.ts)',
    ).toBe(routePathsSource(RESOLVED_ROUTES));
  });
});
