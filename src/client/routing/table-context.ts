import { createContext, useContext } from 'react';
import type { ResolvedRoute } from './types';

/**
 * The route table, for the screens that show other routes (the welcome screen's modules, the resource
 * hub's parts). The entry provides it (entries/root.tsx): a screen that imported the table would
 * import itself back through the table's lazy screens.
 */
export const TableContext = createContext<readonly ResolvedRoute[]>([]);
export const useRouteTable = () => useContext(TableContext);
