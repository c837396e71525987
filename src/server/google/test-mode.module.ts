import { GOOGLE_TEST_MODE_PATH, type AppConfig } from '../config';
import type { ServerModule } from '../module';
import type { GoogleStandInState } from './google-stand-in';
import { googleTestModePlugin } from './test-mode';

/** The embedded TEST MODE Google Workspace, under PUBLIC_URL/test-mode/google (decision 0110). */
export function createGoogleTestModeModule(config: AppConfig, state: GoogleStandInState) {
  return {
    services: {},
    routes: async (app) => {
      await app.register(googleTestModePlugin({ state, audiences: [config.google.endpoints.tokenUrl] }), {
        prefix: GOOGLE_TEST_MODE_PATH,
      });
    },
  } satisfies ServerModule;
}
