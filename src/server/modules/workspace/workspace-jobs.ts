/** A job of the push queue: one person's push, or their part of a "Restore previous". */
export type PushJob = {
  organizationId: string;
  email: string;
  actor: string;
  actorUserId: string | null;
  /** How many times this push came back after Google asked it to wait or its budget ran out (decision 0134). */
  tries?: number;
  /** "Restore previous": this job puts back what the push `fromRunId` replaced, for the restore run `runId` (decision 0138). */
  restore?: { runId: string; fromRunId: string };
};

/**
 * One waiting push per person; a restore is its own job per restore run, so a push already waiting
 * never swallows it (the queue drops a second job with the same key while one waits).
 */
export const pushJobKey = (job: Pick<PushJob, 'organizationId' | 'email' | 'restore'>) =>
  job.restore
    ? `${job.organizationId}:${job.email}:restore:${job.restore.runId}`
    : `${job.organizationId}:${job.email}`;
