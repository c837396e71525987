import { buildApp } from './app';
import { ConfigError, loadConfig, startupWarnings } from './config';

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

const app = await buildApp(config);
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
await app.listen({ port: config.port, host: config.host });
for (const warning of startupWarnings(config)) app.log.warn(warning);
app.log.info(`SignaturePro is running at ${config.publicUrl} (database: ${app.services.database.kind})`);
