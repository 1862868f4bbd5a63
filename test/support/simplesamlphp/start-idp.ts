import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSigningPair } from '../saml-fixtures';

/**
 * A real identity provider for the tests: SimpleSAMLphp from the Debian packages `simplesamlphp`
 * and `php-cli`, served by PHP's built-in server on a free port with the configuration in this
 * folder. Its signing key is made for the run. Missing packages fail the test, never skip it.
 *
 * Two steps, because each side must know the other: prepare() fixes the IdP's address, entity id
 * and certificate (the connector is created with them), start() is told our entity id and ACS.
 */
export const SIMPLESAMLPHP_WWW = '/usr/share/simplesamlphp/www';
const CONFIG_DIR = join(dirname(fileURLToPath(import.meta.url)), 'config');

export interface PreparedIdp {
  baseUrl: string;
  entityId: string;
  ssoUrl: string;
  certificate: string;
  start(sp: { entityId: string; acsUrl: string }): Promise<RunningIdp>;
}

export interface RunningIdp {
  /** the user's login form's account and password */
  stop(): Promise<void>;
  output(): string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function assertInstalled(): void {
  if (!existsSync(join(SIMPLESAMLPHP_WWW, 'saml2/idp/SSOService.php')))
    throw new Error('SimpleSAMLphp is missing: install the Debian packages simplesamlphp and php-cli.');
}

export async function prepareSimpleSamlPhp(): Promise<PreparedIdp> {
  assertInstalled();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}/`;
  const runDir = mkdtempSync(join(tmpdir(), 'simplesamlphp-'));
  mkdirSync(join(runDir, 'tmp'));
  mkdirSync(join(runDir, 'data'));
  const pair = generateSigningPair('simplesamlphp-test-idp');
  writeFileSync(join(runDir, 'idp.key'), pair.key, { mode: 0o600 });
  writeFileSync(join(runDir, 'idp.crt'), pair.cert);

  return {
    baseUrl,
    entityId: `${baseUrl}saml2/idp/metadata.php`,
    ssoUrl: `${baseUrl}saml2/idp/SSOService.php`,
    certificate: pair.cert,
    async start(sp) {
      let log = '';
      const child: ChildProcess = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', SIMPLESAMLPHP_WWW], {
        env: {
          ...process.env,
          SIMPLESAMLPHP_CONFIG_DIR: CONFIG_DIR,
          SSP_RUN_DIR: runDir,
          SSP_BASE_URL: baseUrl,
          SSP_SECRET_SALT: randomBytes(16).toString('hex'),
          SSP_SP_ENTITY_ID: sp.entityId,
          SSP_SP_ACS: sp.acsUrl,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.once('error', (error) => (log += `\n${error.message}`));

      const stop = async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          await exited;
        }
        rmSync(runDir, { recursive: true, force: true });
      };
      const deadline = Date.now() + 15_000;
      for (;;) {
        try {
          const response = await fetch(`${baseUrl}saml2/idp/metadata.php`);
          if (response.ok) break;
        } catch {
          // not listening yet
        }
        if (child.exitCode !== null || Date.now() > deadline) {
          await stop();
          throw new Error(`SimpleSAMLphp did not start (is php-cli installed?):\n${log}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { stop, output: () => log };
    },
  };
}
