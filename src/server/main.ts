import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { startEmbeddedMaintenance } from './jobs/embedded-maintenance';
import { startWorkers } from './jobs/workers';

/** Process entry: validate config, open and migrate the database, serve, and drain on SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error('Invalid configuration, not starting:');
      for (const line of err.lines) console.error(`  ${line}`);
      process.exit(1);
    }
    throw err;
  }

  const database = openDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, database });
  await startWorkers(app);
  const stopMaintenance = startEmbeddedMaintenance(database, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopMaintenance();
    // Stops accepting, waits for in-flight requests, then drains the job queue (running jobs finish,
    // unstarted ones stay queued for the next start or another instance).
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.appUrl, database: database.kind }, 'afspraakplanner ready');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
