import { routesOf, type Infrastructure, type ServerModule } from '../../module';
import type { AuthModule } from '../auth/auth.module';
import type { TeamsService } from '../teams/teams.service';
import { createAccountRepository } from './account.repository';
import { accountRoutes } from './account.routes';
import { createAccountService } from './account.service';

/** What a signed-in person manages about their own account (decision 0107): profile, password, sessions, leaving, deleting. */
export function createAccountModule(
  deps: Pick<Infrastructure, 'database' | 'storage' | 'rateLimiter'> & {
    auth: Pick<AuthModule, 'services' | 'sendSignInLink'>;
    teams: TeamsService;
    /** Ends the person's paid subscriptions before the account goes (billing). */
    endSubscriptions: (userId: string) => Promise<void>;
  },
) {
  const account = createAccountService({
    repository: createAccountRepository(deps.database.db),
    betterAuth: deps.auth.services.betterAuth,
    storage: deps.storage,
    limiter: deps.rateLimiter,
    endSubscriptions: deps.endSubscriptions,
    sendSignInLink: deps.auth.sendSignInLink,
  });
  return {
    services: { account },
    routes: routesOf(accountRoutes, { account, teams: deps.teams }),
  } satisfies ServerModule;
}
