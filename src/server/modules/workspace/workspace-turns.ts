import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { PushJob } from './workspace-jobs';
import { createTurnsRepository } from './workspace-turns.repository';

/** How often a job waiting for a person's turn asks again, and how long it waits before coming back later. */
const POLL_MS = 100;
export const TURN_WAIT_MS = 5_000;

/** A job's action as the turn records it: every push is one action, each "Restore previous" its own. */
export const actionOf = (job: Pick<PushJob, 'restore'>) => (job.restore ? `restore:${job.restore.runId}` : 'push');

/** Why a job that a later request replaced writes nothing. */
function replacedWords(action: string, asked: string): string {
  if (action === 'push')
    return 'Not pushed: "Restore previous" was asked for after this push, and the last request wins.';
  if (asked === 'push') return 'Not restored: a push was asked for after this restore, and the last request wins.';
  return 'Not restored: a later "Restore previous" of this person was asked for, and the last request wins.';
}

/**
 * One writer per person's Gmail (docs/decisions/0143-one-writer-per-mailbox.md). A push and a
 * "Restore previous" of the same person never interleave their reads and writes, so the previous
 * signature a push keeps is what Gmail held right before it wrote; and a job that finds a later
 * request recorded for its person writes nothing, so the request asked for last is what stays.
 */
export function createPersonTurns(db: Db, leaseSeconds: number) {
  const turns = createTurnsRepository(db);
  return {
    /** Records `action` as the last request for these people; before their jobs are queued. */
    ask: (organizationId: string, emails: string[], action: string) => turns.ask(organizationId, emails, action),

    /**
     * Runs `write` holding the person's turn, or answers 'busy' when another job held it for
     * `waitMs`. `write` is given the words of a later request that replaces this job, or null.
     * The turn lasts at most the job's lease: a process that dies frees it then.
     */
    async inTurn<T>(
      job: Pick<PushJob, 'organizationId' | 'email' | 'restore'>,
      waitMs: number,
      write: (replacedBy: string | null) => Promise<T>,
    ): Promise<T | 'busy'> {
      const holder = randomUUID();
      const action = actionOf(job);
      const take = () => turns.take(job.organizationId, job.email, holder, leaseSeconds, action);
      const deadline = Date.now() + waitMs;
      let taken = await take();
      while (!taken && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        taken = await take();
      }
      if (!taken) return 'busy';
      try {
        return await write(taken.asked === action ? null : replacedWords(action, taken.asked));
      } finally {
        await turns.release(job.organizationId, job.email, holder);
      }
    },
  };
}

export type PersonTurns = ReturnType<typeof createPersonTurns>;
