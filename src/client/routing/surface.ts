import { createContext, useContext } from 'react';
import type { Surface } from './tree';

export const SurfaceContext = createContext<Surface>('browser');
export const useSurface = () => useContext(SurfaceContext);
