import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const RADICALE_BIN = process.env.RADICALE_BIN ?? '/usr/bin/radicale';

export interface RunningRadicale {
  /** http://127.0.0.1:PORT */
  origin: string;
  username: string;
  password: string;
  /** Creates a calendar collection (MKCALENDAR) and answers its URL, ending in '/'. */
  createCalendar(name: string): Promise<string>;
  /**
   * Radicale forgets a calendar's sync state (its sync tokens and the history of deleted objects),
   * as after a restore from backup: the product's token is then refused (403 valid-sync-token) and
   * a read from the start lists only the objects there are, no deletions.
   */
  forgetSyncState(calendarUrl: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real Radicale CalDAV server (Debian package `radicale`) on a free port with a throw-away
 * storage folder and one htpasswd user (plain text), for the CalDAV round trip. A missing binary
 * is an error, not a skip: the round trip is part of the acceptance.
 */
export async function startRadicale(): Promise<RunningRadicale> {
  if (!existsSync(RADICALE_BIN)) {
    throw new Error(`Radicale is not installed (${RADICALE_BIN}): apt-get install radicale`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'radicale-'));
  const username = 'rooms';
  const password = 'rooms-secret';
  await writeFile(join(dir, 'users'), `${username}:${password}\n`);
  const port = await freePort();
  const child: ChildProcess = spawn(
    RADICALE_BIN,
    [
      '--config',
      '',
      '--hosts',
      `127.0.0.1:${port}`,
      '--auth-type',
      'htpasswd',
      '--auth-htpasswd-filename',
      join(dir, 'users'),
      '--auth-htpasswd-encryption',
      'plain',
      '--auth-delay',
      '0',
      '--storage-filesystem-folder',
      join(dir, 'collections'),
      '--logging-level',
      'warning',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await rm(dir, { recursive: true, force: true });
  };

  try {
    await waitUntilAnswering(origin, authorization, child, output);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    origin,
    username,
    password,
    async createCalendar(name) {
      const url = `${origin}/${username}/${encodeURIComponent(name)}/`;
      const response = await fetch(url, {
        method: 'MKCALENDAR',
        headers: { authorization, 'content-type': 'application/xml; charset=utf-8' },
        body:
          '<?xml version="1.0" encoding="utf-8"?>' +
          '<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>' +
          `<D:displayname>${name}</D:displayname>` +
          '<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>' +
          '</D:prop></D:set></C:mkcalendar>',
      });
      if (response.status !== 201) {
        throw new Error(`MKCALENDAR ${url} answered ${response.status}: ${await response.text()}`);
      }
      return url;
    },
    async forgetSyncState(calendarUrl) {
      const path = decodeURIComponent(new URL(calendarUrl).pathname);
      await rm(join(dir, 'collections', 'collection-root', path, '.Radicale.cache'), {
        recursive: true,
        force: true,
      });
    },
    stop,
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

async function waitUntilAnswering(
  origin: string,
  authorization: string,
  child: ChildProcess,
  output: string[],
): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Radicale exited:\n${output.join('')}`);
    try {
      const response = await fetch(`${origin}/`, {
        method: 'PROPFIND',
        headers: { authorization, depth: '0' },
      });
      await response.arrayBuffer();
      if (response.status === 207) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Radicale did not start:\n${output.join('')}`);
}
