/** spec §9: a token is expired when its exp (seconds since the epoch) is past. */
export type TokenStatus = 'missing' | 'valid' | 'expired';

export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

export function tokenStatus(token: string | null, now: number = Date.now()): TokenStatus {
  if (!token) return 'missing';
  const exp = tokenExpiry(token);
  // An unreadable token is treated like an expired one: the refresh call decides.
  return exp !== null && exp * 1000 > now ? 'valid' : 'expired';
}
