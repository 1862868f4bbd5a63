// Writes src/client/routing/route-paths.ts (route name → full path) from the route table:
// `node --import tsx scripts/write-route-paths.ts`, after a route is added, renamed or moved.
import { writeFileSync } from 'node:fs';
import { routePathsSource } from '../src/client/routing/route-paths-source';
import { RESOLVED_ROUTES } from '../src/client/routing/table';

const target = new URL('../src/client/routing/route-paths.ts', import.meta.url);
writeFileSync(target, routePathsSource(RESOLVED_ROUTES));
console.log(`${RESOLVED_ROUTES.length} routes written to src/client/routing/route-paths.ts`);
