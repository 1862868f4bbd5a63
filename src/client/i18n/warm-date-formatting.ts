import { browserZone, wallClockAt } from '../../shared/time/zone';

let warmed = false;

/**
 * A page's first Intl.DateTimeFormat loads ICU's locale and time-zone data: 30–60 ms of the main
 * thread in Chromium, paid wherever a date is first formatted (the pane's meeting time, the grid's
 * resource zones) and then on the way to the first screen. Called where the page waits anyway
 * (Office starting, the first answers on their way), it is paid there; a task of its own, so that
 * what the caller starts goes out first. Once per page.
 */
export function warmDateFormatting(): void {
  if (warmed) return;
  warmed = true;
  // zone.ts's formatter for the browser's zone: the first of the page, whatever its options.
  setTimeout(() => wallClockAt(new Date(), browserZone()), 0);
}
