/**
 * Preloaded into a benched server process (`node --import tsx --import ./bench/lib/loop-delay.ts`):
 * records the process's event-loop delay and answers it over the IPC channel, so the server code
 * carries no diagnostics of its own. Messages: 'loop-delay:reset', 'loop-delay:read'.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();

if (process.send) {
  process.on('message', (message) => {
    if (message === 'loop-delay:reset') histogram.reset();
    if (message === 'loop-delay:read')
      process.send?.({
        loopDelay: {
          p50: histogram.percentile(50) / 1e6,
          p99: histogram.percentile(99) / 1e6,
          max: histogram.max / 1e6,
        },
      });
  });
  // The channel must not keep a server that is shutting down alive.
  process.channel?.unref();
}
