import type { Infrastructure, ServerModule } from '../../module';
import type { TeamsService } from '../teams/teams.service';
import type { UploadsService } from '../uploads/uploads.service';
import type { WorkspaceService } from '../workspace/workspace.service';
import { createRulePeopleRepository } from './rule-people.repository';
import { createSignatureRulesRepository } from './signature-rules.repository';
import { signatureRulesRoutes } from './signature-rules.routes';
import { createSignatureRulesService } from './signature-rules.service';

/** Several organization signatures and the ordered rules that give one to each person (decision 0220). */
export function createSignatureRulesModule(
  deps: Pick<Infrastructure, 'database'> & {
    teams: TeamsService;
    workspace: WorkspaceService;
    uploads: Pick<UploadsService, 'hostedImage'>;
  },
) {
  const { db } = deps.database;
  const signatureRules = createSignatureRulesService({
    repository: createSignatureRulesRepository(db),
    people: createRulePeopleRepository(db),
    teams: deps.teams,
    // A change moves people: those already in Gmail are pushed again (decision 0221).
    repush: (organizationId, emails, userId) => deps.workspace.repushForRules(organizationId, emails, userId),
    hostedImage: (userId, imageURL, field) => deps.uploads.hostedImage(userId, imageURL, field),
    readGroups: (userId) => deps.workspace.requestSync(userId),
  });
  return {
    services: { signatureRules },
    routes: async (app) => {
      await app.register(signatureRulesRoutes(signatureRules));
    },
  } satisfies ServerModule;
}
