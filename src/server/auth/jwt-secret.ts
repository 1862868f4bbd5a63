import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';

/**
 * JWT_SECRET when set; otherwise one generated at the first start and kept in DATA_DIR/jwt-secret
 * (mode 0600), so sessions survive restarts. A throw-away database (memory://) gets a throw-away secret.
 * Several processes on a PostgreSQL server must share JWT_SECRET.
 */
export async function resolveJwtSecret(config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.database.kind === 'pglite' && config.database.dataDir === null)
    return randomBytes(48).toString('base64url');
  const file = join(config.dataDir, 'jwt-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // 'wx': when two processes race on the first start, the second one reads the first one's secret.
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}
