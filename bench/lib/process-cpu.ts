/**
 * CPU time spent by the processes of a page load, read before and after it: Chromium's own
 * processes (through the DevTools protocol, which reads them from /proc) and the bench server's
 * (from /proc/{pid}/stat). Both count in the kernel's ticks (10 ms here): one load's reading is
 * coarse, the median over a bench's loads is not. On a two-core host a load whose processes spend
 * far more than twice its duration in CPU is bound by the cores, not by waiting.
 */
import { readFileSync } from 'node:fs';
import type { Browser, CDPSession } from 'playwright-core';

export interface ChromiumProcess {
  type: string;
  /** user and system CPU since the process started, in milliseconds */
  cpuMs: number;
}

/** Chromium's processes by id ('renderer', 'browser', 'GPU', …), through a browser-level session. */
export async function chromiumProcesses(cdp: CDPSession): Promise<Map<number, ChromiumProcess>> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: Array<{ type: string; id: number; cpuTime: number }>;
  };
  return new Map(processInfo.map(({ id, type, cpuTime }) => [id, { type, cpuMs: cpuTime * 1000 }]));
}

/** The user and system CPU of a Linux process, in milliseconds. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export interface CpuReading {
  chromium: Map<number, ChromiumProcess>;
  server: number;
}

export interface CpuSpent {
  renderer: number;
  otherChromium: number;
  server: number;
  total: number;
}

export class CpuMeter {
  private constructor(
    private readonly cdp: CDPSession,
    private readonly serverPid: number,
  ) {}

  static async open(browser: Browser, serverPid: number): Promise<CpuMeter> {
    return new CpuMeter(await browser.newBrowserCDPSession(), serverPid);
  }

  async read(): Promise<CpuReading> {
    return { chromium: await chromiumProcesses(this.cdp), server: processCpuMs(this.serverPid) };
  }

  close(): Promise<void> {
    return this.cdp.detach();
  }
}

/**
 * What a load cost: the renderer, the rest of Chromium, the server, and their sum. Process by
 * process: one started during the load counts whole, one that ended during it is not read at all.
 */
export function cpuSpent(before: CpuReading, after: CpuReading): CpuSpent {
  let renderer = 0;
  let otherChromium = 0;
  for (const [id, { type, cpuMs }] of after.chromium) {
    const spent = cpuMs - (before.chromium.get(id)?.cpuMs ?? 0);
    if (type === 'renderer') renderer += spent;
    else otherChromium += spent;
  }
  const server = after.server - before.server;
  return { renderer, otherChromium, server, total: renderer + otherChromium + server };
}
