import { routesOf, type Infrastructure, type ServerModule } from '../../module';
import { findEffectiveSubscriptionStatus } from '../billing/team-entitlement.repository';
import { createInvitationLimits } from './invitation-limits';
import { createInvitationTokens } from './invitation-token';
import { createInvitationsService } from './invitations.service';
import { createTeamsRepository } from './teams.repository';
import { teamsRoutes } from './teams.routes';
import type { PurchasesFollowPayer } from './teams-departures.service';
import { createTeamsService } from './teams.service';

/** The organization, its team, its signature defaults and logo, and invitations. */
export function createTeamsModule(
  deps: Pick<Infrastructure, 'config' | 'database' | 'mailer'> & {
    purchasesFollowPayer: PurchasesFollowPayer;
    hostedImage: (userId: string, imageURL: string, field?: string) => Promise<string>;
  },
) {
  const { config, database, mailer } = deps;
  const { db } = database;
  const repository = createTeamsRepository(db);
  const teams = createTeamsService({
    repository,
    effectiveStatus: (userId) => findEffectiveSubscriptionStatus(db, userId),
    purchasesFollowPayer: deps.purchasesFollowPayer,
    hostedImage: deps.hostedImage,
  });
  const invitations = createInvitationsService({
    repository,
    limits: createInvitationLimits(db),
    tokens: createInvitationTokens(config.sessionSecret),
    sendMail: (message) => mailer.deliver(message),
    publicUrl: config.publicUrl,
  });
  return {
    services: { teams, invitations },
    routes: routesOf(teamsRoutes, { teams, invitations }),
  } satisfies ServerModule;
}
