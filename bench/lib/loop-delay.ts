/**
 * Preloaded into a benched server process (`node --import tsx --import ./bench/lib/loop-delay.ts`):
 * records the process's event-loop delay and answers it over the IPC channel, so the server code
 * carries no diagnostics of its own. Messages: 'loop-delay:reset' starts both records afresh,
 * 'loop-delay:phase' answers the delay since the last phase (and starts the next one),
 * 'loop-delay:read' answers the delay since the reset.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

const overall = monitorEventLoopDelay({ resolution: 10 });
const phase = monitorEventLoopDelay({ resolution: 10 });
overall.enable();
phase.enable();

const figures = (histogram: IntervalHistogram) => ({
  p50: histogram.percentile(50) / 1e6,
  p99: histogram.percentile(99) / 1e6,
  max: histogram.max / 1e6,
});

if (process.send) {
  process.on('message', (message) => {
    if (message === 'loop-delay:reset') {
      overall.reset();
      phase.reset();
    }
    if (message === 'loop-delay:phase') {
      process.send?.({ loopDelay: figures(phase) });
      phase.reset();
    }
    if (message === 'loop-delay:read') process.send?.({ loopDelay: figures(overall) });
  });
  // The channel must not keep a server that is shutting down alive.
  process.channel?.unref();
}
