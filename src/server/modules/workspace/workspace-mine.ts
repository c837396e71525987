import { AppError } from '../../errors';
import {
  PERSON_FIELD_LABELS,
  type MySignatureView,
  type PersonEdit,
  type PersonField,
  type PushStatus,
} from '../../../shared/api/workspace';
import { requireCallerMembership, requireCapability } from '../teams/team-access';
import type { PushJob, PushOutcome, WorkspaceContext } from './workspace-context';
import { lockReasons, personValues, sendAsTargets } from './workspace-signature';

const notInDirectory = () =>
  new AppError(
    'NOT_FOUND',
    "You are not in your organization's Google Workspace directory yet. Ask an admin to sync the directory.",
  );

/** How long "Install in Gmail" waits for a push or restore of the same person that is writing now. */
const INSTALL_WAIT_MS = 10_000;
const BUSY_WORDS =
  'Your Gmail signature is being written right now (a push or a restore an admin asked for). Please try again in a minute.';

function resultWords(result: string, email: string) {
  if (result === 'pushed') return `Installed: Gmail now has your signature for ${email}. Reload Gmail to see it.`;
  if (result === 'unchanged') return `Gmail already has this signature for ${email}.`;
  return `Not installed (${result}).`;
}

/** Each person's own Workspace signature: what Gmail is given, their edits, "Install in Gmail". */
export function createWorkspaceMine(
  ctx: WorkspaceContext,
  runPush: (job: PushJob, how: { interactive?: boolean }, replacedBy: string | null) => Promise<PushOutcome>,
) {
  const { deps, repo } = ctx;

  async function myRow(userId: string) {
    const caller = await requireCallerMembership(ctx.teams, userId);
    await requireCapability(ctx.teams, caller, 'workspacePush');
    const person = await repo.findPersonOfUser(caller.organization.id, userId);
    return {
      caller,
      person,
      tpl: person ? await ctx.templateFor(person) : await ctx.templateOf(caller.organization.id),
    };
  }

  const mine = {
    async mySignature(userId: string): Promise<MySignatureView> {
      const { caller, person, tpl } = await myRow(userId);
      if (!person) return { connected: !!(await repo.findConnection(caller.organization.id)), person: null };
      // What the primary address is given: the person's default signature with the locks, or the organization's version.
      const { html, storedLength } = sendAsTargets(
        person,
        tpl,
        await ctx.ownSignaturesOf(person),
        deps.config.publicUrl,
      )[0]!;
      return {
        connected: true,
        person: {
          email: person.email,
          values: personValues(person, tpl),
          locked: lockReasons(tpl),
          editable: tpl.editableFields,
          html,
          chars: storedLength,
          pushStatus: person.pushStatus as PushStatus,
          pushedAt: person.pushedAt?.toISOString() ?? null,
          pushError: person.pushError,
        },
      };
    },

    async editMySignature(userId: string, edit: PersonEdit): Promise<MySignatureView> {
      const { caller, person, tpl } = await myRow(userId);
      if (!person) throw notInDirectory();
      const locked = lockReasons(tpl);
      const refused = (Object.keys(edit) as PersonField[]).filter((field) => locked[field]);
      if (refused.length) {
        const names = refused.map((f) => PERSON_FIELD_LABELS[f]).join(', ');
        throw new AppError(
          'FORBIDDEN',
          `${names} ${refused.length === 1 ? 'is' : 'are'} locked by your organization: ${locked[refused[0]!]!.replace(/^Locked: /, '')}`,
          Object.fromEntries(refused.map((f) => [f, locked[f]!])),
        );
      }
      if (edit.photoUrl !== undefined) edit = { ...edit, photoUrl: await ctx.deps.hostedImage(userId, edit.photoUrl) };
      const overrides = { ...(person.overrides as object), ...edit };
      await repo.saveOverrides(person.id, overrides);
      if (person.pushStatus !== 'never')
        await ctx.queuePushes(caller.organization.id, [person.email], await ctx.actorWords(userId), userId);
      return mine.mySignature(userId);
    },

    /** "Install in Gmail" from the editor: the caller's own Workspace signature, pushed now. */
    async installMine(userId: string) {
      const { caller, person } = await myRow(userId);
      const conn = await repo.findConnection(caller.organization.id);
      if (!conn) {
        throw new AppError(
          'CONFLICT',
          'Your organization has not connected Google Workspace, so we cannot write to your Gmail. Use "Copy to Gmail" instead: copy the signature, then paste it in Gmail under Settings → See all settings → Signature.',
        );
      }
      if (!person) throw notInDirectory();
      ctx.assertPushAllowed(conn);
      const actor = await ctx.actorWords(userId);
      // A push of its own, so what Gmail held before can be restored like any push's (decision 0138).
      await ctx.runs.createRun(
        {
          organizationId: caller.organization.id,
          kind: 'push',
          target: 'Install in Gmail',
          actor,
          actorUserId: userId,
        },
        [person.email],
      );
      const job = { organizationId: caller.organization.id, email: person.email, actor, actorUserId: userId };
      // The last request for this person; a push or restore writing now finishes first (decision 0143).
      await ctx.turns.ask(job.organizationId, [job.email], 'push');
      const result = await ctx.turns.inTurn(job, INSTALL_WAIT_MS, (replacedBy) =>
        // The person waits for this answer: the interactive budget, never a deferral.
        runPush(job, { interactive: true }, replacedBy),
      );
      if (result === 'busy') throw new AppError('CONFLICT', BUSY_WORDS);
      const after = await repo.findPerson(caller.organization.id, person.email);
      return {
        result,
        status: after?.pushStatus ?? result,
        message: after?.pushError ?? resultWords(result, person.email),
      };
    },
  };
  return mine;
}
