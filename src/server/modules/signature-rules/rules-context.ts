import { AppError, invalid } from '../../errors';
import { uniqueViolation } from '../../db/unique-violation';
import type { RuleSetBody } from '../../../shared/api/signature-rules';
import type { RuleSet } from '../../../shared/signature/signature-rules';
import type { TeamsService } from '../teams/teams.service';
import type { RulePeopleRepository, RulePersonRow } from './rule-people.repository';
import type { SignatureRulesRepository } from './signature-rules.repository';

/** Queues the people's pushes again (Workspace), in the name of the admin who made the change. */
export type Repush = (organizationId: string, emails: string[], userId: string) => Promise<number>;

export type SignatureRulesDeps = {
  repository: SignatureRulesRepository;
  people: RulePeopleRepository;
  teams: Pick<TeamsService, 'requireManagerWith' | 'requireMember'>;
  repush?: Repush;
  /** Queues a directory sync, which reads the Google groups the rules name (decision 0236). */
  readGroups?: (userId: string) => Promise<unknown>;
  /** An organization signature's logo goes to every mailbox it gives: ours or re-hosted (decision 0162). */
  hostedImage: (userId: string, imageURL: string, field?: string) => Promise<string>;
};

/** A person whose signature is already in Gmail gets the new one; never-pushed people wait for a push. */
const wasPushed = (p: RulePersonRow) => p.pushStatus !== null && p.pushStatus !== 'never' && p.pushStatus !== 'skipped';

/** What the signatures part and the rules part share: who may act, whom the rules place, the push that follows. */
export function createRulesContext({
  repository: repo,
  people,
  teams,
  repush,
  hostedImage,
  readGroups,
}: SignatureRulesDeps) {
  return {
    repo,
    people,
    teams,
    readGroups,
    /** The body with its template's logo stored by us (re-hosted, or refused with words at "photoUrl"). */
    async withHostedLogo<B extends { template: { photoUrl: string } }>(userId: string, body: B): Promise<B> {
      const photoUrl = await hostedImage(userId, body.template.photoUrl, 'template.photoUrl');
      return { ...body, template: { ...body.template, photoUrl } };
    },
    /** Owners and admins, on a plan with organization templates, like the one template (decision 0161). */
    async managerOf(userId: string): Promise<string> {
      const caller = await teams.requireManagerWith(
        userId,
        'organizationTemplates',
        "manage the organization's signatures and rules",
      );
      return caller.organization.id;
    },

    /** Whom the rules place: the directory's people once Workspace is connected, else the members. */
    async peopleOf(organizationId: string) {
      const connected = await people.isWorkspaceConnected(organizationId);
      const list = connected
        ? await people.listDirectoryPeople(organizationId)
        : await people.listMembers(organizationId);
      return { connected, people: list, policyName: connected ? 'Organization template' : 'Organization defaults' };
    },

    async namesOf(organizationId: string) {
      const rows = await repo.listSignatures(organizationId);
      return { rows, names: new Map(rows.map((r) => [r.id, r.name])) };
    },

    async repushPeople(organizationId: string, moved: RulePersonRow[], userId: string): Promise<number> {
      const emails = moved.filter(wasPushed).map((p) => p.email);
      return emails.length && repush ? repush(organizationId, emails, userId) : 0;
    },
  };
}

export type RulesContext = ReturnType<typeof createRulesContext>;

/** Every signature a rule or the default names must be one of this organization's. */
export function assertKnownSignatures(body: RuleSetBody, names: Map<string, string>) {
  const fields: Record<string, string> = {};
  body.rules.forEach((rule, n) => {
    if (!names.has(rule.signatureId)) fields[`rules.${n}.signatureId`] = 'Please choose a signature from the list';
  });
  if (body.defaultSignatureId !== null && !names.has(body.defaultSignatureId))
    fields.defaultSignatureId = 'Please choose a signature from the list';
  if (Object.keys(fields).length) throw invalid('Please choose each signature from the list.', fields);
}

/** The list as the pure function reads it (only the fields a rule has). */
export const ruleSetFromBody = (body: RuleSetBody): RuleSet => ({
  rules: body.rules.map(({ id, name, kind, values, signatureId }) => ({ id, name, kind, values, signatureId })),
  defaultSignatureId: body.defaultSignatureId,
});

export function nameTaken(error: unknown): never {
  if (uniqueViolation(error) !== undefined) {
    const words = 'A signature with this name already exists. Please choose another name.';
    throw new AppError('CONFLICT', words, { name: words });
  }
  throw error;
}
