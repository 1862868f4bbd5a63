import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt$N$r$p$salt$hash, salt and hash in base64url. N=2^14, r=8, p=1 are the usual interactive parameters. */
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const FORMAT = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      length,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS, KEY_LENGTH);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const match = stored ? FORMAT.exec(stored) : null;
  if (!match) {
    // Same work as a real check, so an unknown account takes as long as a wrong password.
    await derive(password, DUMMY_SALT, PARAMS, KEY_LENGTH);
    return false;
  }
  const [, n, r, p, salt, hash] = match;
  const expected = Buffer.from(hash!, 'base64url');
  const actual = await derive(
    password,
    Buffer.from(salt!, 'base64url'),
    { N: +n!, r: +r!, p: +p! },
    expected.length,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const DUMMY_SALT = randomBytes(16);
