/**
 * Browser bench: `npx tsx bench/bookings-grid-render.ts`. One JSON object per line: { name, value, unit }.
 * The booking grid in Chromium (issue 7: 1,000 resources with 3,000 bookings on one day, the company
 * of bench/bookings-grid.ts): the real server on that company, the administrator signed in once,
 * then /bookings-grid/{presetId}?date opened cold several times (a fresh context each time: no HTTP
 * cache, the stored session as the app keeps it).
 *
 * (a) First render: from the navigation's start (performance.now() counts from it) until the frame
 * holding the grid's first rows with their bookings ([data-row] [data-booking]) has been drawn,
 * marked in the page (bench/lib/first-drawn.ts); median and p95, target under 300 ms. The grid asks
 * for its first screen of rows first and the whole day once that is drawn (grid-requests.ts), so
 * these are the rows in view with their bookings, the rest following. Also the part of it after
 * the last of the grid's answers it drew arrived (the client's own work: parsing, the rows' model,
 * drawing).
 * The CPU of each of those loads is read too (bench/lib/process-cpu.ts), from just before the navigation
 * to the first rows drawn: Chromium's renderer, the rest of Chromium, the server; medians per load.
 * (b) Scrolling: the grid scrolled from its first row to its last, four rows a frame (a fast
 * fling), in the page; the longest frame is the largest requestAnimationFrame delta (target no
 * frame over 50 ms), with Chromium's long animation frames reported beside it. The rows in the DOM
 * are counted on every frame: they must stay far fewer than the 1,000 rows (virtualized).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchPageProblems } from '../test/support/browser';
import { DEMO_PASSWORD } from '../src/server/seed';
import { startBenchServer } from './lib/bench-server';
import {
  GRID_EMAIL,
  GRID_RESOURCES,
  GRID_SUBDOMAIN,
  GRID_ZONE,
  gridResourceName,
  prepareGridCompany,
} from './lib/grid-company';
import { browserIdle, firstDrawnAt, watchFirstDrawn } from './lib/first-drawn';
import { CpuMeter, cpuSpent, type CpuSpent } from './lib/process-cpu';
import { percentile, report } from './lib/report';

const RUNS = 9;
/** booking-grid.styles.ts ROW_HEIGHT */
const ROW_HEIGHT = 44;
const ROWS_PER_FRAME = 4;
/** Far fewer than the rows: a virtualized grid draws what is on screen and a few more. */
const MAX_ROWS_IN_DOM = 120;
const FIRST_ROWS = '[data-row] [data-booking]';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function signedInState(browser: Browser, base: string): Promise<StorageState> {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: GRID_ZONE });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(GRID_EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

async function openGrid(browser: Browser, url: string, state: StorageState, meter: CpuMeter) {
  const context = await browser.newContext({
    locale: 'en-GB',
    timezoneId: GRID_ZONE,
    storageState: state,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await watchFirstDrawn(page, FIRST_ROWS);
  const problems = watchPageProblems(page);
  await browserIdle(browser);
  const before = await meter.read();
  await page.goto(url, { waitUntil: 'commit' });
  try {
    await firstDrawnAt(page);
  } catch (error) {
    await page.screenshot({ path: '/tmp/bookings-grid-render-fail.png' });
    process.stderr.write(
      `bench: at ${page.url()} (screenshot /tmp/bookings-grid-render-fail.png) ${problems.join('; ')}\n`,
    );
    throw error;
  }
  const cpu = cpuSpent(before, await meter.read());
  const { ms, afterData } = await page.evaluate(() => {
    // The last of the grid's answers in before the first rows were drawn (the first screen's two;
    // the whole day is asked for after): what is left after it is the client's own work.
    const first = window.__firstDrawn!;
    const answers = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/bookings\/grid(\/|-bookings)/.test(entry.name))
      .map((entry) => (entry as PerformanceResourceTiming).responseEnd)
      .filter((end) => end <= first);
    return { ms: first, afterData: first - Math.max(...answers) };
  });
  return { context, page, ms, afterData, cpu };
}

interface ScrollFigures {
  frames: number;
  longestFrame: number;
  p95Frame: number;
  longAnimationFrame: number;
  rowsInDomMax: number;
  reachedLast: boolean;
}

/** Scrolls the grid from top to bottom in the page, a few rows a frame, and measures every frame. */
function scrollThrough(page: Page, pixelsPerFrame: number, lastName: string): Promise<ScrollFigures> {
  return page.evaluate(
    async ({ step, lastName }) => {
      const scroller = document.querySelector<HTMLElement>('[role="region"][aria-label^="Bookings of"]');
      if (!scroller) throw new Error('no grid region');
      const rowsNow = () => scroller.querySelectorAll('[data-row]').length;
      let longAnimationFrame = 0;
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          longAnimationFrame = Math.max(longAnimationFrame, entry.duration);
      });
      const types = PerformanceObserver.supportedEntryTypes;
      observer.observe({
        type: types.includes('long-animation-frame') ? 'long-animation-frame' : 'longtask',
      });
      scroller.scrollTop = 0;
      const deltas: number[] = [];
      let rowsInDomMax = rowsNow();
      await new Promise<void>((resolve) => {
        let last = 0;
        let settled = 0;
        const tick = (now: number) => {
          deltas.push(now - last);
          last = now;
          rowsInDomMax = Math.max(rowsInDomMax, rowsNow());
          if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) {
            // Two more frames: the last rows drawn after the last scroll.
            if (++settled > 2) return resolve();
          } else scroller.scrollTop += step;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame((now) => {
          last = now;
          scroller.scrollTop += step;
          requestAnimationFrame(tick);
        });
      });
      observer.disconnect();
      const sorted = [...deltas].sort((a, b) => a - b);
      const lastRow = [...scroller.querySelectorAll<HTMLElement>('[data-row]')].at(-1);
      const lastBox = lastRow?.getBoundingClientRect();
      const box = scroller.getBoundingClientRect();
      return {
        frames: deltas.length,
        longestFrame: sorted.at(-1) ?? 0,
        p95Frame: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0,
        longAnimationFrame,
        rowsInDomMax,
        // The last row drawn is the grid's last, inside the scrolled view.
        reachedLast:
          lastRow !== undefined &&
          lastBox !== undefined &&
          lastRow.textContent?.includes(lastName) === true &&
          lastBox.bottom <= box.bottom + 1 &&
          scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1,
      };
    },
    { step: pixelsPerFrame, lastName },
  );
}

async function main(): Promise<void> {
  const company = await prepareGridCompany();
  try {
    const server = await startBenchServer({
      ...company.serverEnv,
      // another build can be compared by naming its folder
      STATIC_DIR: process.env.STATIC_DIR ?? 'dist',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    });
    const browser = await launchBrowser();
    const meter = await CpuMeter.open(browser, server.pid);
    try {
      const base = server.base.replace('127.0.0.1', `${GRID_SUBDOMAIN}.workplace.localhost`);
      const url = `${base}/bookings-grid/${company.presetId}?date=${company.date}`;
      const state = await signedInState(browser, base);
      // One load to warm the server (its statements prepared, its code compiled), as any user's
      // first visit after a start would.
      const warm = await openGrid(browser, url, state, meter);
      await warm.context.close();

      const times: number[] = [];
      const afterData: number[] = [];
      const spent: CpuSpent[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const load = await openGrid(browser, url, state, meter);
        times.push(load.ms);
        afterData.push(load.afterData);
        spent.push(load.cpu);
        await load.context.close();
      }
      times.sort((a, b) => a - b);
      afterData.sort((a, b) => a - b);
      const cpu = (part: keyof CpuSpent) => spent.map((load) => load[part]).sort((a, b) => a - b);
      process.stderr.write(`bench: first render ${times.map((ms) => Math.round(ms)).join(', ')} ms\n`);
      process.stderr.write(
        `bench: CPU of each load, all processes ${cpu('total')
          .map((ms) => Math.round(ms))
          .join(', ')} ms\n`,
      );
      report('bookings_grid_first_render_p50', percentile(times, 50), 'ms');
      report('bookings_grid_first_render_p95', percentile(times, 95), 'ms');
      // From the last of the grid's answers drawn to its first rows drawn: the client's part.
      report('bookings_grid_first_render_after_answers_p50', percentile(afterData, 50), 'ms');
      // The CPU a load costs from its navigation to its first rows drawn (bench/lib/process-cpu.ts):
      // on two cores, a first render cannot come much sooner than half the sum.
      report('bookings_grid_first_render_cpu_renderer_p50', percentile(cpu('renderer'), 50), 'ms');
      report('bookings_grid_first_render_cpu_other_chromium_p50', percentile(cpu('otherChromium'), 50), 'ms');
      report('bookings_grid_first_render_cpu_server_p50', percentile(cpu('server'), 50), 'ms');
      report('bookings_grid_first_render_cpu_total_p50', percentile(cpu('total'), 50), 'ms');

      const { context, page } = await openGrid(browser, url, state, meter);
      try {
        const rows = await page.locator('[data-row]').count();
        if (rows === 0 || rows >= GRID_RESOURCES) throw new Error(`${rows} rows drawn at first`);
        // The whole day has come after the first screen (the grid no longer busy) and its model of a
        // thousand rows is built; let the page settle before scrolling.
        await page.waitForSelector('[role="region"][aria-label^="Bookings of"]:not([aria-busy])');
        await page.waitForTimeout(300);
        const scroll = await scrollThrough(
          page,
          ROWS_PER_FRAME * ROW_HEIGHT,
          gridResourceName(GRID_RESOURCES - 1),
        );
        process.stderr.write(`bench: scroll ${JSON.stringify(scroll)}\n`);
        if (!scroll.reachedLast) throw new Error('the scroll did not reach the last row');
        if (scroll.rowsInDomMax > MAX_ROWS_IN_DOM)
          throw new Error(`${scroll.rowsInDomMax} rows in the DOM: the grid is not virtualized`);
        report('bookings_grid_scroll_longest_frame', scroll.longestFrame, 'ms');
        report('bookings_grid_scroll_frame_p95', scroll.p95Frame, 'ms');
        report('bookings_grid_scroll_long_animation_frame_max', scroll.longAnimationFrame, 'ms');
        report('bookings_grid_rows_in_dom_max', scroll.rowsInDomMax, 'rows');
      } finally {
        await context.close();
      }
    } finally {
      await meter.close();
      await browser.close();
      await server.stop();
    }
  } finally {
    await company.remove();
  }
}

await main();
