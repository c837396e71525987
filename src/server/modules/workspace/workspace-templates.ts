import type { Db } from '../../db/client';
import { createSignatureResolver } from '../signature-rules/signature-rules.service';
import type { PersonRow, WorkspaceRepository } from './workspace.repository';
import { effectiveTemplate, type EffectiveTemplate } from './workspace-signature';

/**
 * The template a person's Workspace signature is made from: the organization signature their rule
 * gives (docs/decisions/0220-signature-rules.md), else the organization's one template (decision 0161).
 */
export function createTemplateLookup(db: Db, repo: Pick<WorkspaceRepository, 'findTemplate' | 'findOrganization'>) {
  const signaturesOf = createSignatureResolver(db);

  async function templateOf(organizationId: string): Promise<EffectiveTemplate> {
    const row = await repo.findTemplate(organizationId);
    if (row) return effectiveTemplate(row);
    // Until owners save one, the organization's name fills the company line.
    const org = await repo.findOrganization(organizationId);
    return effectiveTemplate(undefined, { company: org?.name ?? '' });
  }

  /** Each person's template, with the rules read once for many people (a dry run of thousands). */
  async function templatesOf(organizationId: string): Promise<(person: PersonRow) => EffectiveTemplate> {
    const [byRule, fallback] = await Promise.all([signaturesOf(organizationId), templateOf(organizationId)]);
    return (person) => byRule(person).signature ?? fallback;
  }

  const templateFor = async (person: PersonRow) => (await templatesOf(person.organizationId))(person);

  /** The organization signature a rule gives this person, or null when none does (the locks, decision 0164). */
  const ruleTemplateFor = async (person: PersonRow): Promise<EffectiveTemplate | null> =>
    (await signaturesOf(person.organizationId))(person).signature ?? null;

  return { templateOf, templatesOf, templateFor, ruleTemplateFor };
}
