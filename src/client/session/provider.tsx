import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { sessionStore } from './session';

export function SessionProvider({ children }: { children: ReactNode }) {
  return <Provider store={sessionStore}>{children}</Provider>;
}
