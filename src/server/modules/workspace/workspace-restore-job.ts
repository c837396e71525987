import { AppError } from '../../errors';
import { isGoogleWorkspaceError } from '../../google/errors';
import { COME_BACK_LIMIT, comeBackAfterSeconds } from '../../google/retry-policy';
import type { PushJob, PushOutcome, WorkspaceContext } from './workspace-context';
import { stoppedWords } from './workspace-health';
import type { PersonRow } from './workspace.repository';
import { sha256 } from './workspace-signature';

type RestoreJob = PushJob & { restore: NonNullable<PushJob['restore']> };

/**
 * One person's part of "Restore previous" (decision 0138): each address the push `fromRunId`
 * overwrote gets back what Gmail held before it. A job of PUSH_QUEUE like a push: the same slots,
 * the same retry budget within the lease, the same systemic stop, audited per address.
 */
export function createRestoreJob(ctx: WorkspaceContext) {
  const { repo, runs } = ctx;

  /** `replacedBy`: the words of a request asked for after this one (decision 0143); it writes nothing then. */
  return async function runRestore(job: RestoreJob, replacedBy: string | null = null): Promise<PushOutcome> {
    const { organizationId, email } = job;
    const { runId, fromRunId } = job.restore;
    const audit = (result: 'restored' | 'failed' | 'skipped', detail: string, html?: string, address?: string) =>
      repo.addAudit({
        organizationId,
        personEmail: email,
        sendAsEmail: address ?? null,
        actor: job.actor,
        actorUserId: job.actorUserId,
        result,
        detail,
        htmlChars: html?.length ?? null,
        htmlHash: html ? sha256(html) : null,
      });
    const finish = async (result: 'restored' | 'failed' | 'skipped', words?: string) => {
      if (words) await audit(result, words);
      await runs.recordItemResult(organizationId, runId, email, result);
      return result;
    };
    const fail = async (words: string) => {
      ctx.deps.onPushFailure?.();
      return finish('failed', words);
    };

    if (replacedBy) return finish('skipped', replacedBy);
    const [conn, from] = await Promise.all([
      repo.findConnection(organizationId),
      runs.findItem(organizationId, fromRunId, email),
    ]);
    if (!conn) return finish('skipped', 'Not restored: Google Workspace is not connected.');
    const previous = Object.entries(from?.previous ?? {});
    if (!from || from.restoredAt || !previous.length)
      return finish('skipped', 'Nothing to restore: that push changed nothing in Gmail, or it was restored already.');
    if (conn.stoppedAt) return fail(stoppedWords(conn.stoppedReason ?? ''));
    if (!(await ctx.orgCapable(organizationId))) return fail('Not restored: Google Workspace is part of the Pro plan.');
    const refusal = ctx.pushRefusal(conn);
    if (refusal) return fail(refusal);

    const tries = job.tries ?? 0;
    const restoredAddresses: string[] = [];
    try {
      const client = ctx.clientOf(conn, 'push');
      const listed = new Map((await client.listSendAs(email)).map((s) => [s.sendAsEmail.toLowerCase(), s]));
      const missing: string[] = [];
      for (const [address, html] of previous) {
        const sendAs = listed.get(address);
        if (!sendAs) {
          missing.push(address);
          continue;
        }
        // Already back (a job that runs again after writing some addresses): nothing to send.
        if (sendAs.signature !== html) await client.patchSignature(email, sendAs.sendAsEmail, html);
        restoredAddresses.push(address);
        await audit('restored', `Previous signature put back in ${sendAs.sendAsEmail}.`, html, address);
      }
      if (missing.length) return fail(`Not restored: Gmail no longer lists ${missing.join(', ')} for this person.`);
    } catch (err) {
      if (err instanceof AppError) return fail(err.message);
      if (!isGoogleWorkspaceError(err)) throw err;
      if (err.effect === 'skip') return finish('skipped', `Skipped: ${err.message}`);
      if (err.effect === 'systemic') {
        await ctx.health.stop(organizationId, err);
        return fail(stoppedWords(err.message));
      }
      const seconds = tries < COME_BACK_LIMIT ? comeBackAfterSeconds(err, tries) : null;
      if (seconds !== null) {
        // As a push does (decision 0134): come back later instead of sleeping on the lease.
        await ctx.deferPush({ ...job, tries: tries + 1 }, new Date(Date.now() + seconds * 1000));
        return 'deferred';
      }
      return fail(err.message);
    }

    await runs.markRestored(organizationId, fromRunId, email);
    // Gmail now holds what was there before: the next push compares against nothing of ours.
    const person = await repo.findPerson(organizationId, email);
    if (person) {
      const state: PersonRow['sendAsState'] = { ...person.sendAsState };
      for (const address of restoredAddresses) delete state[address];
      await repo.recordPushResult(person.id, {
        pushStatus: 'restored',
        pushError: null,
        pushedAt: new Date(),
        sendAsState: state,
        ...(restoredAddresses.includes(email) ? { sentHash: null, storedHash: null } : {}),
      });
    }
    return finish('restored');
  };
}
