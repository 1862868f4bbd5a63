import { createContext, useContext } from 'react';
import type { Surface } from './router';

export const SurfaceContext = createContext<Surface>('browser');
export const useSurface = () => useContext(SurfaceContext);
