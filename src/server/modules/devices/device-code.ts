import { createHash, randomBytes } from 'node:crypto';

/** A display's address code: 128 random bits (ARCHITECTURE.md "Public pages and devices"). */
export const newDeviceCode = (): string => randomBytes(16).toString('base64url');

/**
 * Only the code's digest is kept: the code is shown once, and a copy of the database opens no
 * display. A 128-bit random code needs no salt or slow hash to resist guessing.
 */
export const codeDigest = (code: string): string => createHash('sha256').update(code).digest('hex');
