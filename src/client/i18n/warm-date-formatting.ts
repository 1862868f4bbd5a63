import { browserZone, wallClockAt } from '../../shared/time/zone';

let warmed = false;

/**
 * A page's first Intl.DateTimeFormat loads ICU's locale and time-zone data: 15–60 ms of the main
 * thread in Chromium, paid wherever a date is first formatted (the pane's meeting time, a list's
 * dates) and then on the way to the first screen. Called where the page waits anyway (Office
 * starting, the first answers on their way), it is paid in the first idle moment instead: an idle
 * callback, so that what is already queued (scripts, answers, the first render) goes first, and
 * the booking grid, which draws without reading a zone (the server's day in minutes), does not wait
 * for it. Once per page.
 */
export function warmDateFormatting(): void {
  if (warmed) return;
  warmed = true;
  // zone.ts's formatter for the browser's zone: the first of the page, whatever its options.
  const warm = () => void wallClockAt(new Date(), browserZone());
  if (typeof requestIdleCallback === 'function') requestIdleCallback(warm, { timeout: 1_000 });
  else setTimeout(warm, 0);
}
