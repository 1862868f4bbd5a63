/**
 * CPU time spent by the processes of a page load, read before and after it: Chromium's own
 * processes (through the DevTools protocol, which reads them from /proc) and the bench server's
 * (from /proc/{pid}/stat). Both count in the kernel's ticks (10 ms here): one load's reading is
 * coarse, the median over a bench's loads is not. On a two-core host a load whose processes spend
 * far more than twice its duration in CPU is bound by the cores, not by waiting.
 */
import { readFileSync } from 'node:fs';
import type { Browser, CDPSession } from 'playwright-core';

export interface CpuReading {
  /** milliseconds per Chromium process type ('renderer', 'browser', 'GPU', …), summed */
  chromium: Record<string, number>;
  server: number;
}

/** The user and system CPU of a Linux process, in milliseconds. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
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
    const { processInfo } = (await this.cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: Array<{ type: string; id: number; cpuTime: number }>;
    };
    const chromium: Record<string, number> = {};
    for (const process of processInfo)
      chromium[process.type] = (chromium[process.type] ?? 0) + process.cpuTime * 1000;
    return { chromium, server: processCpuMs(this.serverPid) };
  }

  close(): Promise<void> {
    return this.cdp.detach();
  }
}

/** What a load cost: the renderer, the rest of Chromium, the server, and their sum. */
export function cpuSpent(before: CpuReading, after: CpuReading) {
  let renderer = 0;
  let otherChromium = 0;
  for (const [type, ms] of Object.entries(after.chromium)) {
    const spent = ms - (before.chromium[type] ?? 0);
    if (type === 'renderer') renderer += spent;
    else otherChromium += spent;
  }
  const server = after.server - before.server;
  return { renderer, otherChromium, server, total: renderer + otherChromium + server };
}
