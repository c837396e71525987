import type { Db } from '../../db/client';
import type { GoogleWorkspaceError } from '../../google/errors';
import type { MailMessage } from '../../mail/mailer';
import { workspaceStoppedMessage } from '../../mail/templates/workspace-messages';
import { createWorkspaceHealthRepository } from './workspace-health.repository';

/**
 * A halt seen in this process stops the runs that started up to this long before it: a job that
 * read the connection as healthy just before another job's stop reached the database.
 */
const HALT_REACH_MS = 5_000;

export type StoppedConnection = { stoppedAt: Date | null; stoppedReason: string | null };

/** Words on what a stopped connection did not do (a person's push by default). */
export const stoppedWords = (reason: string, lead = 'Not pushed') =>
  `${lead}: pushes are stopped until "Check connection" passes. ${reason}`;

/**
 * Systemic failures (docs/decisions/0133): the first one stops every run of the organization (in
 * this process at once, in the others at their next job), marks the connection stopped, and mails
 * the owner and admins once; a passing "Check connection" resumes and queues the stopped pushes again.
 */
export function createWorkspaceHealth(deps: {
  db: Db;
  publicUrl: string;
  sendMail?: (message: MailMessage) => Promise<void>;
  organizationName: (organizationId: string) => Promise<string>;
  requeue: (organizationId: string, emails: string[]) => Promise<unknown>;
  log?: { warn(obj: object, msg: string): void };
}) {
  const repo = createWorkspaceHealthRepository(deps.db);
  /** Organization → when a systemic failure stopped its runs in this process, and why. */
  const halts = new Map<string, { at: number; error: GoogleWorkspaceError }>();

  async function alert(organizationId: string, reason: string) {
    if (!deps.sendMail) return;
    const [managers, organizationName] = await Promise.all([
      repo.managers(organizationId),
      deps.organizationName(organizationId),
    ]);
    for (const m of managers) {
      await deps.sendMail(
        workspaceStoppedMessage({ to: m.email, name: m.name, organizationName, reason, publicUrl: deps.publicUrl }),
      );
    }
  }

  return {
    /**
     * For a run started at `startedAt`: throws the stop's error before a call to Google once this
     * organization's runs were stopped in this process (the client's beforeRequest).
     */
    guard(organizationId: string, startedAt: number): () => void {
      return () => {
        const halt = halts.get(organizationId);
        if (halt && halt.at >= startedAt - HALT_REACH_MS) throw halt.error;
      };
    },

    /** The first systemic failure: stops runs here at once, then the connection; mails once. True when this call stopped it. */
    async stop(organizationId: string, error: GoogleWorkspaceError): Promise<boolean> {
      // The guard rethrows the halt's own error: only a new failure moves the halt's time.
      if (halts.get(organizationId)?.error !== error) halts.set(organizationId, { at: Date.now(), error });
      const first = await repo.stop(organizationId, error.message);
      if (first) {
        deps.log?.warn({ organizationId, kind: error.kind }, 'workspace: a systemic Google failure stopped the pushes');
        await alert(organizationId, error.message);
      }
      return first;
    },

    /** After a passing "Check connection" (or a new Connect): runs may call Google again; the stopped pushes are queued. */
    async resume(organizationId: string): Promise<void> {
      halts.delete(organizationId);
      if (!(await repo.resume(organizationId))) return;
      const emails = await repo.unpushed(organizationId);
      if (emails.length) await deps.requeue(organizationId, emails);
    },
  };
}

export type WorkspaceHealth = ReturnType<typeof createWorkspaceHealth>;
