export const ADDIN_DEV_ORIGIN: string;
export function resolveAddinOrigin(
  env: Record<string, string | undefined>,
): { origin: string; error?: undefined } | { origin?: undefined; error: string };
