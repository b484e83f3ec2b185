import { LOCALES } from '@mindgauge/contract';
import { buildApp } from './app';
import { operatorCommand } from './cli/operator-command';
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
  // `node server.js operator:create --email ...` (npm run operator:create): a shell command, not a server.
  if (process.argv[2] === 'operator:create') process.exit(await operatorCommand(env, process.argv.slice(3)));
  const { app, deps, checkout, retention, growth, forms } = await buildApp({ env });
  deps.mailWorker.start();
  checkout.startJobs();
  growth.startJobs();
  retention.start();
  retention.kick();
  // New sessions' forms in every language, drawn ahead on the form worker (about 4 s of its CPU, 7 MB), so a
  // campaign's first visits after a deploy find them ready (decision 0027).
  for (const hl of LOCALES) void forms.full(hl);

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
