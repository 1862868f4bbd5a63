import { createHmac, randomBytes, randomInt } from 'node:crypto';

/** Single-use secrets (hand-over codes, reset tokens, temporary codes) are stored only as digests. */
export class CodeDigester {
  constructor(private readonly secret: string) {}

  // Keyed, so that six-digit codes cannot be reversed from a copy of the table.
  digest(purpose: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}\0${code}`).digest('base64url');
  }
}

export const randomToken = (): string => randomBytes(32).toString('base64url');
export const randomSixDigits = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
