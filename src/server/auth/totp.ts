import { generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP (RFC 6238) through otplib: 6 digits, 30-second steps, SHA-1 — what every authenticator app
 * reads from an otpauth:// address. A code is accepted one step either side of now (a phone's clock
 * a little off), and only once: a step at or before the last accepted one is refused.
 */
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

export function totpAddress(secret: string, issuer: string, account: string): string {
  return generateURI({ issuer, label: account, secret });
}

/** The accepted code's time step, or null when the code is wrong, stale or already used. */
export async function acceptTotp(
  secret: string,
  code: string,
  lastTimeStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastTimeStep === null ? {} : { afterTimeStep: lastTimeStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
