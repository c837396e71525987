import { AppError } from '../../errors';
import type { SendAsPushState } from '../../db/schema/workspace.schema';
import { isGoogleWorkspaceError } from '../../google/errors';
import type { SendAs, WorkspaceClient } from '../../google/workspace-client';
import { overGmailLimit, overGmailLimitWords } from '../../../shared/signature/gmail-size';
import { PUSH_RETRY_LIMIT, type PushJob, type PushResult, type WorkspaceContext } from './workspace-context';
import type { PersonRow } from './workspace.repository';
import { stoppedWords } from './workspace-health';
import { sendAsTargets, sha256, type SendAsTarget } from './workspace-signature';

type StateExtra = Partial<Pick<PersonRow, 'pushStatus' | 'pushedAt' | 'pushError' | 'sentHash' | 'storedHash'>>;

const tooLong = (target: { storedLength: number }) =>
  `${overGmailLimitWords(target.storedLength)} Shorten the template or the person's fields.`;

/**
 * One person's push (a job of PUSH_QUEUE, or Install in Gmail): every send-as address the person
 * is given a signature for (docs/decisions/0118), one after another. Idempotent per address: an
 * address whose signature in Gmail is already ours is not patched, so a job that runs again (a
 * retry after a 429 on the alias, a lease that ended) patches only what is still missing.
 */
export function createPushJob(ctx: WorkspaceContext) {
  const { deps, repo } = ctx;

  /** The person's statuses and audit lines as one push writes them. */
  function recorder(job: PushJob, person: PersonRow) {
    const state: Record<string, SendAsPushState> = {
      ...((person.sendAsState ?? {}) as Record<string, SendAsPushState>),
    };
    const audit = (result: PushResult, detail: string | null, html?: string, sendAsEmail: string | null = null) =>
      repo.addAudit({
        organizationId: job.organizationId,
        personEmail: person.email,
        sendAsEmail,
        actor: job.actor,
        actorUserId: job.actorUserId,
        result,
        detail,
        htmlChars: html?.length ?? null,
        htmlHash: html ? sha256(html) : null,
      });
    return {
      state,
      audit,
      saveState: (extra: StateExtra = {}) => repo.recordPushResult(person.id, { sendAsState: state, ...extra }),
      async failAll(words: string, html?: string, sendAsEmail: string | null = null) {
        deps.onPushFailure?.();
        await repo.recordPushResult(person.id, { pushStatus: 'failed', pushError: words });
        await audit('failed', words, html, sendAsEmail);
        return 'failed' as const;
      },
      async skip(words: string) {
        await repo.recordPushResult(person.id, { pushStatus: 'skipped', pushError: words });
        await audit('skipped', words);
        return 'skipped' as const;
      },
    };
  }
  type Recorder = ReturnType<typeof recorder>;

  /** Writes each address Gmail lists for the person; answers each address's outcome and the failures' words. */
  async function writeAddresses(
    client: WorkspaceClient,
    person: PersonRow,
    targets: SendAsTarget[],
    listed: SendAs[],
    gmailPrimary: SendAs,
    rec: Recorder,
    attempt: { retryCount: number },
  ) {
    const { state } = rec;
    const outcomes: ('pushed' | 'unchanged' | 'failed')[] = [];
    const failures: string[] = [];
    let lastPushedAt: Date | null = person.pushedAt;
    const failAddress = async (target: SendAsTarget, words: string) => {
      deps.onPushFailure?.();
      const before = state[target.sendAsEmail];
      state[target.sendAsEmail] = {
        status: 'failed',
        label: target.label,
        pushedAt: before?.pushedAt ?? null,
        error: words,
        sentHash: before?.sentHash ?? null,
        storedHash: before?.storedHash ?? null,
      };
      failures.push(target.primary ? words : `${target.sendAsEmail}: ${words}`);
      outcomes.push('failed');
      await rec.saveState();
      await rec.audit('failed', words, target.html, target.sendAsEmail);
    };
    // Addresses Gmail lists for the person; a signature "Used for" another address is left out.
    const byAddress = new Map(listed.map((s) => [s.sendAsEmail.toLowerCase(), s]));
    const work = targets
      .map((target) =>
        target.primary ? { target, sendAs: gmailPrimary } : { target, sendAs: byAddress.get(target.sendAsEmail) },
      )
      .filter(
        (w): w is { target: SendAsTarget; sendAs: SendAs } => !!w.sendAs && (w.target.primary || !w.sendAs.isPrimary),
      );
    for (const { target, sendAs } of work) {
      const address = sendAs.sendAsEmail.toLowerCase();
      const key = target.primary ? target.sendAsEmail : address;
      if (overGmailLimit(target.storedLength)) {
        await failAddress(target, tooLong(target));
        continue;
      }
      const sentHash = sha256(target.html);
      const known =
        state[key] ?? (target.primary ? { sentHash: person.sentHash, storedHash: person.storedHash } : undefined);
      const unchanged =
        sendAs.signature === target.html ||
        (known?.sentHash === sentHash && known?.storedHash === sha256(sendAs.signature));
      const previous = state[key];
      if (unchanged) {
        state[key] = {
          status: 'pushed',
          label: target.label,
          pushedAt: previous?.pushedAt ?? person.pushedAt?.toISOString() ?? new Date().toISOString(),
          error: null,
          sentHash,
          storedHash: sha256(sendAs.signature),
        };
        await rec.saveState(target.primary ? { sentHash, storedHash: sha256(sendAs.signature) } : {});
        await rec.audit(
          'unchanged',
          `Gmail already has this signature for ${sendAs.sendAsEmail}; nothing was sent.`,
          target.html,
          address,
        );
        outcomes.push('unchanged');
        continue;
      }
      try {
        const stored = await client.patchSignature(person.email, sendAs.sendAsEmail, target.html);
        lastPushedAt = new Date();
        state[key] = {
          status: 'pushed',
          label: target.label,
          pushedAt: lastPushedAt.toISOString(),
          error: null,
          sentHash,
          storedHash: sha256(stored.signature),
        };
        await rec.saveState(target.primary ? { sentHash, storedHash: sha256(stored.signature) } : {});
        await rec.audit(
          'pushed',
          `Written to ${sendAs.sendAsEmail}${target.label ? ` ("${target.label}")` : ''}.`,
          target.html,
          address,
        );
        outcomes.push('pushed');
      } catch (err) {
        // A person to skip, or a failure of the whole connection: the run's own answer, not this address's.
        if (!isGoogleWorkspaceError(err) || err.effect === 'skip' || err.effect === 'systemic') throw err;
        if (err.retryable && attempt.retryCount < PUSH_RETRY_LIMIT) throw err;
        await failAddress(target, err.message);
      }
    }
    return { outcomes, failures, lastPushedAt };
  }

  return async function runPush(job: PushJob, attempt: { retryCount: number }): Promise<PushResult> {
    const conn = await repo.findConnection(job.organizationId);
    const person = await repo.findPerson(job.organizationId, job.email);
    if (!conn || !person) return 'skipped';
    const rec = recorder(job, person);
    // A stopped connection calls Google for nobody until "Check connection" passes (decision 0133).
    if (conn.stoppedAt) return rec.failAll(stoppedWords(conn.stoppedReason ?? ''));
    if (!(await ctx.orgCapable(job.organizationId)))
      return rec.failAll('Not pushed: Google Workspace is part of the Pro plan.');
    if (person.goneAt) return rec.skip('Not pushed: this person is no longer in the Workspace directory.');
    const refusal = ctx.pushRefusal(conn);
    if (refusal) return rec.failAll(refusal);
    if (!person.hasGmail) return rec.skip('No Gmail: Google says "Mail service not enabled" for this person.');
    const tpl = await ctx.templateOf(job.organizationId);
    const targets = sendAsTargets(person, tpl, await ctx.ownSignaturesOf(person), deps.config.publicUrl);
    const primaryTarget = targets[0]!;
    // The primary over the limit: refused before any call, as before aliases existed.
    if (overGmailLimit(primaryTarget.storedLength))
      return rec.failAll(tooLong(primaryTarget), primaryTarget.html, primaryTarget.sendAsEmail);

    // An address no signature is "Used for" any more is left alone in Gmail and drops out of the statuses.
    for (const key of Object.keys(rec.state)) if (!targets.some((t) => t.sendAsEmail === key)) delete rec.state[key];
    let result: Awaited<ReturnType<typeof writeAddresses>>;
    try {
      const client = ctx.clientOf(conn, 'job');
      const listed = await client.listSendAs(person.email);
      const gmailPrimary = listed.find((s) => s.isPrimary);
      if (!gmailPrimary) return rec.failAll(`Gmail lists no primary address for ${person.email}.`);
      result = await writeAddresses(client, person, targets, listed, gmailPrimary, rec, attempt);
    } catch (err) {
      if (err instanceof AppError) return rec.failAll(err.message, primaryTarget.html);
      if (!isGoogleWorkspaceError(err)) throw err;
      if (err.kind === 'mail_not_enabled') return rec.skip(`No Gmail: ${err.message}`);
      if (err.effect === 'skip') return rec.skip(`Skipped: ${err.message}`);
      if (err.effect === 'systemic') {
        await ctx.health.stop(job.organizationId, err);
        return rec.failAll(stoppedWords(err.message), primaryTarget.html);
      }
      if (err.retryable && attempt.retryCount < PUSH_RETRY_LIMIT) {
        // Addresses already written are unchanged when the job runs again; only the rest is patched.
        await rec.saveState({ pushStatus: 'pending', pushError: `Trying again: ${err.message}` });
        throw err;
      }
      return rec.failAll(err.message, primaryTarget.html);
    }
    if (result.failures.length) {
      await rec.saveState({ pushStatus: 'failed', pushError: result.failures.join(' ') });
      return 'failed';
    }
    await rec.saveState({ pushStatus: 'pushed', pushError: null, pushedAt: result.lastPushedAt ?? new Date() });
    return result.outcomes.includes('pushed') ? 'pushed' : 'unchanged';
  };
}
