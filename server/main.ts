import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseInUseError } from './db/directory-lock.ts';

const shutdownTimeoutMs = 10_000;

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, shutdownTimeoutMs);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Portal ready on ${config.publicUrl} (database: ${config.database.kind === 'pglite' ? `embedded, ${config.database.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseInUseError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error('The portal could not start:', error);
  }
  process.exit(1);
});
