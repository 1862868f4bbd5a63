export const SERVER_DIR: string;
export const SERVER_ENTRY: string;
export function buildIfStale(options?: {
  quiet?: boolean;
  force?: boolean;
  only?: 'server';
  requireAddin?: boolean;
}): Promise<void>;
