import { buildApp } from './app';
import { EnvError, parseEnv } from './config/env';

/** Starts the server: parse the environment, build, listen, and shut down gracefully on a signal. */
async function main(): Promise<void> {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { app, deps, checkout, growth } = await buildApp({ env });
  deps.mailWorker.start();
  checkout.startJobs();
  growth.startJobs();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    `Mindgauge is running on ${env.PUBLIC_URL} (database: ${deps.db.dialect}, mail: ${deps.mailTransport.name})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
