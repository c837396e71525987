import { seatsOf } from './workspace-push';
import { NO_SEAT, noSeatWords } from './workspace-seats';
import { AppError } from '../../errors';
import { isGoogleWorkspaceError } from '../../google/errors';
import { COME_BACK_LIMIT, comeBackAfterSeconds } from '../../google/retry-policy';
import type { SendAs } from '../../google/google-resources';
import type { WorkspaceClient } from '../../google/workspace-client';
import { overGmailLimit, overGmailLimitWords } from '../../../shared/signature/gmail-size';
import type { PushJob, PushOutcome, PushResult, WorkspaceContext } from './workspace-context';
import type { PersonRow, SendAsPushState } from './workspace.repository';
import { stoppedWords } from './workspace-health';
import { acceptedAliasTargets, sendAsTargets, sha256, type SendAsTarget } from './workspace-signature';

type StateExtra = Partial<Pick<PersonRow, 'pushStatus' | 'pushedAt' | 'pushError' | 'sentHash' | 'storedHash'>>;

/** A person whose push comes back later: when, and why. */
function waitWords(err: { retryAfterSeconds?: number; message: string }, seconds: number, at: Date): string {
  const wait = seconds < 120 ? `${Math.ceil(seconds)} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  const why =
    err.retryAfterSeconds !== undefined
      ? `Google asked us to wait ${wait}`
      : `Google did not answer well; trying again in ${wait}`;
  return `Waiting: ${why}; this push runs again at ${at.toISOString().slice(11, 16)} UTC. ${err.message}`;
}

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

  /** The person's statuses and audit lines as one push writes them; `startedAt`: this run of the job. */
  function recorder(job: PushJob, person: PersonRow, startedAt: Date) {
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
      /** What Gmail holds there now, kept for "Restore previous" before we overwrite it (decision 0138). */
      keepPrevious: (address: string, html: string) =>
        ctx.runs.keepPrevious(job.organizationId, person.email, startedAt, address, html),
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
    mayComeBack: boolean,
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
        await rec.keepPrevious(address, sendAs.signature);
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
        // A person to skip, a failure of the whole connection, or a wait Google asked for: the run's
        // own answer, not this address's.
        if (!isGoogleWorkspaceError(err) || err.effect === 'skip' || err.effect === 'systemic') throw err;
        if (err.retryable && mayComeBack) throw err;
        await failAddress(target, err.message);
      }
    }
    return { outcomes, failures, lastPushedAt };
  }

  async function pushOnce(job: PushJob, startedAt: Date, interactive: boolean): Promise<PushOutcome> {
    const how = { interactive };
    const conn = await repo.findConnection(job.organizationId);
    const person = await repo.findPerson(job.organizationId, job.email);
    if (!conn || !person) return 'skipped';
    const rec = recorder(job, person, startedAt);
    // A stopped connection calls Google for nobody until "Check connection" passes (decision 0133).
    if (conn.stoppedAt) return rec.failAll(stoppedWords(conn.stoppedReason ?? ''));
    if (!(await ctx.orgCapable(job.organizationId)))
      return rec.failAll('Not pushed: Google Workspace is part of the Pro plan.');
    if (person.goneAt) return rec.skip('Not pushed: this person is no longer in the Workspace directory.');
    const refusal = ctx.pushRefusal(conn);
    if (refusal) return rec.failAll(refusal);
    if (!person.hasGmail) return rec.skip('No Gmail: Google says "Mail service not enabled" for this person.');
    // Beyond the seats paid for (the trial: 10), nobody is pushed (docs/decisions/0137).
    const org = await repo.findOrganization(job.organizationId);
    const limit = org ? seatsOf(org) : 0;
    if ((await repo.countSeatedBefore(job.organizationId, person.email)) >= limit) {
      await repo.recordPushResult(person.id, { pushStatus: NO_SEAT, pushError: noSeatWords(limit) });
      await rec.audit('skipped', noSeatWords(limit));
      return 'skipped';
    }
    const tpl = await ctx.templateFor(person);
    // A running campaign's banner goes under every address's signature, and comes out after its end (decision 0223).
    const banner = (await deps.bannerFor?.(person, 'push')) ?? null;
    const targets = sendAsTargets(person, tpl, await ctx.ownSignaturesOf(person), deps.config.publicUrl, banner);
    const primaryTarget = targets[0]!;
    // The primary over the limit: refused before any call, as before aliases existed.
    if (overGmailLimit(primaryTarget.storedLength))
      return rec.failAll(tooLong(primaryTarget), primaryTarget.html, primaryTarget.sendAsEmail);

    let result: Awaited<ReturnType<typeof writeAddresses>>;
    const tries = job.tries ?? 0;
    const mayComeBack = !how.interactive && tries < COME_BACK_LIMIT;
    try {
      const client = ctx.clientOf(conn, how.interactive ? 'interactive' : 'push');
      const listed = await client.listSendAs(person.email);
      const gmailPrimary = listed.find((s) => s.isPrimary);
      if (!gmailPrimary) return rec.failAll(`Gmail lists no primary address for ${person.email}.`);
      if (conn.writeAliases)
        targets.push(...acceptedAliasTargets(person, tpl, listed, targets, deps.config.publicUrl, banner));
      // An address no signature is "Used for" any more is left alone in Gmail and drops out of the statuses.
      for (const key of Object.keys(rec.state)) if (!targets.some((t) => t.sendAsEmail === key)) delete rec.state[key];
      result = await writeAddresses(client, person, targets, listed, gmailPrimary, rec, mayComeBack);
    } catch (err) {
      if (err instanceof AppError) return rec.failAll(err.message, primaryTarget.html);
      if (!isGoogleWorkspaceError(err)) throw err;
      if (err.kind === 'mail_not_enabled') return rec.skip(`No Gmail: ${err.message}`);
      if (err.effect === 'skip') return rec.skip(`Skipped: ${err.message}`);
      if (err.effect === 'systemic') {
        await ctx.health.stop(job.organizationId, err);
        return rec.failAll(stoppedWords(err.message), primaryTarget.html);
      }
      const seconds = mayComeBack ? comeBackAfterSeconds(err, tries) : null;
      if (seconds !== null) {
        // The budget is spent, or Google asked for a longer wait than it holds: the job comes back
        // then, not asleep holding its lease (decision 0134). Addresses already written are found
        // unchanged; only the rest is patched.
        const at = new Date(Date.now() + seconds * 1000);
        await ctx.deferPush({ ...job, tries: tries + 1 }, at);
        await rec.saveState({ pushStatus: 'pending', pushError: waitWords(err, seconds, at) });
        return 'deferred';
      }
      // Tried enough: the person fails with Google's words; the next push or the daily run tries again.
      return rec.failAll(err.message, primaryTarget.html);
    }
    if (result.failures.length) {
      await rec.saveState({ pushStatus: 'failed', pushError: result.failures.join(' ') });
      return 'failed';
    }
    await rec.saveState({ pushStatus: 'pushed', pushError: null, pushedAt: result.lastPushedAt ?? new Date() });
    return result.outcomes.includes('pushed') ? 'pushed' : 'unchanged';
  }

  /** A request asked for after this push replaces it (decision 0143): nothing is written, the person's status stays. */
  async function skipReplaced(job: PushJob, words: string): Promise<PushOutcome> {
    await repo.addAudit({
      organizationId: job.organizationId,
      personEmail: job.email,
      sendAsEmail: null,
      actor: job.actor,
      actorUserId: job.actorUserId,
      result: 'skipped',
      detail: words,
      htmlChars: null,
      htmlHash: null,
    });
    return 'skipped';
  }

  /**
   * `replacedBy`: the words of a later request for the person, who then gets nothing from this push.
   * `interactive`: Install in Gmail, a person waiting for the answer; otherwise a job of PUSH_QUEUE,
   * whose calls share the budget of decision 0134. The outcome goes into the summary of every push
   * that waited for this person (decision 0138); a deferred job records it when it comes back.
   */
  return async function runPush(
    job: PushJob,
    how: { interactive?: boolean } = {},
    replacedBy: string | null = null,
  ): Promise<PushOutcome> {
    const startedAt = new Date();
    const outcome = replacedBy
      ? await skipReplaced(job, replacedBy)
      : await pushOnce(job, startedAt, !!how.interactive);
    if (outcome !== 'deferred') await ctx.runs.recordPushResult(job.organizationId, job.email, startedAt, outcome);
    return outcome;
  };
}
