/** Reads the configuration, opens and migrates the database, and listens (used by main.ts and the demo). */
import { INACTIVITY_TIMEOUT_MS } from '../common/constants';
import { buildApp } from './app';
import { sweepSessions } from './auth/sessions.repository';
import { ensureAuthSecret, ensureCompanyTimeZone, ensureInitialAdmin } from './bootstrap';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, vacuumAnalyze, type DatabaseHandle } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { backupSettings } from './modules/backups/backups.service';
import { UpgradeFailedError, upgradeDatabase, type Upgrade } from './modules/backups/upgrade';

const SWEEP_INTERVAL_MS = 60_000;
/** How long a stopping server lets the requests in flight run before closing their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface StartOptions {
  /** Runs after migrations and before listening (the demo seeds its data here). */
  beforeListen?: (handle: Awaited<ReturnType<typeof openDatabase>>, config: Config) => Promise<void>;
  banner?: string;
}

export async function startServer(options: StartOptions = {}): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      sharedBuffers: config.pgliteSharedBuffers,
      fsync: config.pgliteFsync,
    });
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const settings = backupSettings(config);
  let upgrade: Upgrade;
  try {
    upgrade = await upgradeDatabase(handle, settings);
  } catch (err) {
    if (err instanceof UpgradeFailedError) {
      console.error(`\n${err.message}\n`);
      await handle.close();
      process.exit(1);
    }
    throw err;
  }
  if (upgrade.backup) console.log(`  Backed up before migrating: ${upgrade.backup.path}`);
  if (upgrade.applied.length > 0) console.log(`  Applied migrations: ${upgrade.applied.join(', ')}`);
  await options.beforeListen?.(handle, config);
  if (handle.kind === 'pglite') await vacuumAnalyze(handle.db);

  await ensureCompanyTimeZone(handle.db);
  const admin = await ensureInitialAdmin(handle.db, config);
  const secret = await ensureAuthSecret(handle.db, config);
  const { app, backups } = await buildApp({
    db: handle.db,
    handle,
    config,
    authSecret: secret,
    logger: { level: config.logLevel },
  });

  if (upgrade.backup) await backups.record(upgrade.backup, 'before-upgrade');
  await backups.startSchedule();

  let ticks = 0;
  const sweep = setInterval(() => {
    const now = Date.now();
    sweepSessions(handle.db, new Date(now - INACTIVITY_TIMEOUT_MS), new Date(now)).catch((err: unknown) =>
      app.log.warn({ err }, 'session sweep failed'),
    );
    // PGlite has no autovacuum: vacuum and analyze every ten minutes.
    if (handle.kind === 'pglite' && ++ticks % 10 === 0) {
      vacuumAnalyze(handle.db).catch((err: unknown) => app.log.warn({ err }, 'vacuum failed'));
    }
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  let stopping = false;
  // SIGTERM/SIGINT: stop accepting, end the live streams (preClose in live.routes.ts), let the
  // requests in flight finish for up to SHUTDOWN_GRACE_MS, then close the database and exit 0.
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    clearInterval(sweep);
    const force = setTimeout(() => {
      app.log.warn(`requests still running after ${SHUTDOWN_GRACE_MS / 1000} s: closing their connections`);
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    try {
      await app.close();
      clearTimeout(force);
      await handle.close();
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`\n  ${options.banner ?? 'Stove back office'} is running at ${config.publicUrl}  (database: ${where})`);
  if (admin) {
    console.log(`  Created the first Admin: ${admin.email}`);
    if (admin.generatedPassword) {
      console.log(`  Its generated password (shown only this once): ${admin.generatedPassword}`);
    }
  }
  console.log('');
}
