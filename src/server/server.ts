/**
 * The server's entry (`npm start`, `node dist/server/server.js`). The embedded database's worker
 * is started first, from the environment alone, so that PGlite starts on one core while this
 * thread loads the app's modules on the other (decision 0193); the app is loaded after it (the
 * build puts it in a chunk of its own, so its packages load only then).
 */
import { startEmbeddedDatabaseEarly } from './db/pglite-remote';

startEmbeddedDatabaseEarly();
await import('./serve');
