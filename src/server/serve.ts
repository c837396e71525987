import net from 'node:net';
import { buildApp } from './app';
import { ConfigError, loadConfig, startupWarnings } from './config';
import { googleModeLine } from './google/google-settings';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

/** How long a stopping server keeps answering on its open connections (each answer closing its connection). */
const DRAIN_MS = 500;
/** A stop that takes longer than this is cut short, so an orchestrator's kill never has to. */
const STOP_DEADLINE_MS = 9_000;

const app = await buildApp(config);
let closing = false;
// From the stop signal on, every answer says `Connection: close`: a client on a kept-alive
// connection reads its answer and opens a new connection (to another process) for the next
// request, instead of sending it into a socket that is about to be closed under it.
app.addHook('onSend', async (_request, reply) => {
  if (closing) reply.header('connection', 'close');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    // Stop accepting at once: a new connection is refused, which a client or load balancer can
    // always retry, since nothing was sent. Open connections are not cut: http.Server's own close
    // would end the idle ones now, racing a client that is just sending on one; they are ended
    // after the drain instead, by app.close().
    net.Server.prototype.close.call(app.server);
    setTimeout(() => {
      app.log.error('stopping took too long; exiting');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'closing failed');
          process.exit(1);
        },
      );
    }, DRAIN_MS);
  });
}
await app.listen({ port: config.port, host: config.host });
for (const warning of startupWarnings(config)) app.log.warn(warning);
app.log.info(googleModeLine(config.google));
app.log.info(`SignaturePro is running at ${config.publicUrl} (database: ${app.services.database.kind})`);
