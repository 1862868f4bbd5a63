import type { ResolvedRoute } from './types';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** Prettier's width (.prettierrc), so that the generated file is formatted as the rest. */
const WIDTH = 110;

/**
 * The text of route-paths.ts for the resolved table: each route's name and full path, in the table's
 * order. scripts/write-route-paths.ts writes it; route-paths.test.ts holds the committed file to it.
 */
export function routePathsSource(routes: readonly ResolvedRoute[]): string {
  const lines = routes.map(({ entry, fullPath }) => {
    const key = IDENTIFIER.test(entry.name) ? entry.name : `'${entry.name}'`;
    const line = `  ${key}: '${fullPath}',`;
    return line.length <= WIDTH ? line : `  ${key}:\n    '${fullPath}',`;
  });
  return [
    '// Generated from the route table (routing/table.ts) by `npm run routes:paths`: do not edit.',
    '// Links are built from this map (routing/paths.ts), so no screen imports the table, which',
    '// imports every screen.',
    'export const ROUTE_PATHS = {',
    ...lines,
    '} as const;',
    '',
  ].join('\n');
}
