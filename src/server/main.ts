import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { resolveJwtSecret } from './auth/jwt-secret';
import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { migrate } from './db/migrate';
import { keepPlannerStatistics } from './db/planner-statistics';
import { seed } from './seed';
import { secretBoxFor } from './integrations/secrets';
import { ensureVapidKeys } from './integrations/web-push';
import { startAutoRelease, startCheckInReminders } from './modules/declarations';
import { startCalendarSync } from './modules/calendar-sync';
import { startCompanyPurge } from './modules/companies';
import { startVisitorRetention } from './modules/visitors';
import { startPendingRelease } from './modules/outlook';
import { startWeeklyReports } from './modules/reports';
import { startLogExports } from './modules/logs';

// environment → database → migrate → seed when empty → listen (ARCHITECTURE.md layout).
async function main(): Promise<void> {
  const started = performance.now();
  const env = loadConfig();
  const config = { ...env, jwtSecret: await resolveJwtSecret(env) };
  const db = await openDatabase(config.database);
  const app = await buildApp({ db, config });
  try {
    const applied = await migrate(db.pool);
    const { demo } = await seed(db.kysely);
    // spec §2 push-notifications: the VAPID key pair exists from the first start on.
    await ensureVapidKeys(db.kysely, secretBoxFor(config));
    app.log.info({ migrations: applied, demoSeeded: demo, database: db.kind }, 'database ready');
  } catch (error) {
    app.log.fatal({ err: error }, 'database setup failed');
    await app.close();
    await db.close();
    process.exit(1);
  }

  // Jobs run in every process; each claims its rows so that none is done twice (ARCHITECTURE.md).
  const stopAutoRelease = startAutoRelease(db.kysely, app.log);
  const stopReminders = startCheckInReminders(db.kysely, app.deps, app.log);
  const stopWeeklyReports = startWeeklyReports(db.kysely, app.deps, app.log);
  const stopCalendarSync = await startCalendarSync(db, config, app.log, {
    pullEveryMs: config.calendarPullSeconds * 1000,
  });
  const stopLogExports = await startLogExports(db, app.log);
  const stopStatistics = await keepPlannerStatistics(db, app.log);
  const stopCompanyPurge = startCompanyPurge(db.kysely, app.log);
  const stopVisitorRetention = startVisitorRetention(db.kysely, app.log);
  const stopPendingRelease = startPendingRelease(db.kysely, app.log, config.outlookReleaseSeconds * 1000);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopAutoRelease();
    stopReminders();
    stopWeeklyReports();
    await stopCalendarSync();
    await stopLogExports();
    stopStatistics();
    stopCompanyPurge();
    stopVisitorRetention();
    stopPendingRelease();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const ms = Math.round(performance.now() - started);
  // Plain lines on stdout for people and scripts (PORT=0 picks a free port; scripts read it here).
  process.stdout.write(
    [
      `Workplace is ready in ${ms} ms (${db.kind}).`,
      `  master area:   http://${config.appDomain}:${port}`,
      `  demo company:  http://acme.${config.appDomain}:${port}`,
      `  API docs:      http://${config.appDomain}:${port}/api/docs`,
      `listening on http://${config.host}:${port}`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
