import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `work` every `intervalMs` in this server process, never two runs at once (a slow run makes
 * the next tick skip); a failure is logged as `failure` and the next tick tries again. The timer
 * does not keep the process alive. Answers the stop function (main.ts calls it at shutdown).
 */
export function runEvery(
  intervalMs: number,
  log: Pick<FastifyBaseLogger, 'error'>,
  failure: string,
  work: () => Promise<void>,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch((error: unknown) => log.error({ err: error }, failure))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
