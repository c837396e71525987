import { routesOf, type Infrastructure, type ServerModule } from '../../module';
import { createInvitationTokens } from './invitation-token';
import { createInvitationsService } from './invitations.service';
import { teamsRoutes } from './teams.routes';
import { createTeamsService, type PurchasesFollowPayer } from './teams.service';

/** The organization, its team, its signature defaults and logo, and invitations. */
export function createTeamsModule(
  deps: Pick<Infrastructure, 'config' | 'database' | 'mailer'> & { purchasesFollowPayer: PurchasesFollowPayer },
) {
  const { config, database, mailer } = deps;
  const teams = createTeamsService({ db: database.db, purchasesFollowPayer: deps.purchasesFollowPayer });
  const invitations = createInvitationsService({
    db: database.db,
    tokens: createInvitationTokens(config.sessionSecret),
    sendMail: (message) => mailer.deliver(message),
    publicUrl: config.publicUrl,
  });
  return {
    services: { teams, invitations },
    routes: routesOf(teamsRoutes, { teams, invitations }),
  } satisfies ServerModule;
}
