import { AppError } from '../../errors';
import type { GoogleWorkspaceError } from '../../google/errors';
import { GOOGLE_LIMITS } from '../../google/google-limits';
import { parseServiceAccountKey } from '../../google/service-account-key';
import { createTokenCache } from '../../google/access-token';
import {
  DIRECTORY_SCOPE,
  GMAIL_SETTINGS_SCOPE,
  createWorkspaceClient,
  type WorkspaceClient,
} from '../../google/workspace-client';
import { INTERACTIVE_RETRY, INTERACTIVE_TIMEOUT_MS, jobRetry, type RetryPolicy } from '../../google/retry-policy';
import { workspaceKeySecret } from '../../google/workspace-key-secret';
import { consumeOrThrow } from '../../rate-limit/limit-or-throw';
import {
  assertCapability,
  assertManager,
  requireCallerMembership,
  requireCapability,
  type CallerMembership,
} from '../teams/team-access';
import { createTeamsRepository } from '../teams/teams.repository';
import { createSignaturesRepository } from '../signatures/signatures.repository';
import { decryptServiceAccountKey } from './workspace-key-crypto';
import { createWorkspaceHealth, stoppedWords } from './workspace-health';
import { createWorkspaceRepository, type ConnectionRow, type PersonRow } from './workspace.repository';
import type { OwnSignature } from './workspace-signature';
import { createTemplateLookup } from './workspace-templates';
import { createPushRunRepository } from './workspace-push.repository';
import { pushJobKey, type PushJob } from './workspace-jobs';
import { createPersonTurns } from './workspace-turns';
import type { WorkspaceDeps } from './workspace-deps';

export const PUSH_QUEUE = 'workspace-push';
export const SYNC_QUEUE = 'workspace-sync';
export const DAILY_QUEUE = 'workspace-daily';
/** Pushes in flight per process: public tools settle around 10–15 (design/google-workspace.md). */
export const PUSH_CONCURRENCY = 12;
/**
 * Pushes of one organization running at once in one process: the other slots stay open to other
 * organizations (decision 0134). Jobs are also queued interleaved by organization (queuePushes).
 */
export const PUSH_PER_ORGANIZATION = 8;
/** Runs of a job whose process died (its lease ended) or whose database call failed; Google's answers are not retried here. */
export const PUSH_RETRY_LIMIT = 4;

/** Who a Workspace client serves: a person waiting (Connect, Check connection), a push job, a sync job. */
export type ClientUse = 'interactive' | 'push' | 'sync';

/** JOB_LEASE_SECONDS for a push; a sync reads many pages, so it holds at least ten minutes. */
export function leasesOf(deps: Pick<WorkspaceDeps, 'leaseSeconds'>) {
  const push = deps.leaseSeconds ?? 120;
  return { push, sync: Math.max(600, push) };
}

export { pushJobKey, type PushJob } from './workspace-jobs';

/** `confirmed`: the people an admin agreed may be removed (a stopped sync listed them). */
export type SyncJob = { organizationId: string; actor: string; confirmed?: string[] };
export type PushResult = 'pushed' | 'unchanged' | 'skipped' | 'failed';
/** What one run of a push did: a result, or `deferred` (Google asked for a wait; the job comes back then). */
export type PushOutcome = PushResult | 'restored' | 'deferred';

export type { WorkspaceDeps } from './workspace-deps';

export const notConnected = () =>
  new AppError('CONFLICT', 'Google Workspace is not connected yet. Connect it first under Account → Workspace.');

/**
 * What every part of the Workspace service shares (connect, sync, push, schedule): the
 * repositories, the Google client of an organization, who may act, the organization's template,
 * and the one way pushes are queued.
 */
export function createWorkspaceContext(deps: WorkspaceDeps) {
  const repo = createWorkspaceRepository(deps.db);
  const runs = createPushRunRepository(deps.db);
  const teams = createTeamsRepository(deps.db);
  const signatures = createSignaturesRepository(deps.db);
  const { templateOf, templatesOf, templateFor, ruleTemplateFor } = createTemplateLookup(deps.db, repo);
  // One cache per process, keyed by organization and key (docs/decisions/0131).
  const tokenCache = createTokenCache();
  const secret = workspaceKeySecret(deps.config);
  const scopes = [GMAIL_SETTINGS_SCOPE, DIRECTORY_SCOPE];
  const health = createWorkspaceHealth({
    db: deps.db,
    publicUrl: deps.config.publicUrl,
    ...(deps.sendMail ? { sendMail: deps.sendMail } : {}),
    organizationName: async (id) => (await repo.findOrganization(id))?.name ?? 'your organization',
    requeue: (id, emails) => queuePushes(id, emails, 'Check connection passed', null),
    ...(deps.log ? { log: deps.log } : {}),
  });

  const leases = leasesOf(deps);
  const turns = createPersonTurns(deps.db, leases.push);
  const retries: Record<ClientUse, RetryPolicy> = {
    interactive: INTERACTIVE_RETRY,
    push: deps.retry ?? jobRetry(leases.push),
    sync: deps.retry ?? jobRetry(leases.sync),
  };

  /**
   * Tokens are cached per organization and per key (docs/decisions/0131). `interactive` (Connect,
   * "Check connection"): someone waits, so Google gets one more try and 10 s per attempt; a push
   * or sync job: its calls share a budget within its lease (decision 0134).
   */
  function clientFor(
    keyJson: string,
    testMode: boolean,
    organizationId: string,
    use: ClientUse = 'interactive',
  ): WorkspaceClient {
    const key = parseServiceAccountKey(keyJson);
    const retry = retries[use];
    return createWorkspaceClient({
      key,
      endpoints: deps.google.endpoints,
      cacheOwner: organizationId,
      tokenCache,
      ...(testMode && deps.google.fetch ? { fetch: deps.google.fetch } : {}),
      retry,
      ...(use === 'interactive' ? { timeoutMs: INTERACTIVE_TIMEOUT_MS } : {}),
      // A job's calls end at the organization's first systemic failure (decision 0133).
      ...(use === 'interactive' ? {} : { beforeRequest: health.guard(organizationId, Date.now()) }),
    });
  }

  /** The key a connection signs with: the operator's (docs/decisions/0141), or its own, stored encrypted. */
  function keyJsonOf(conn: ConnectionRow): string {
    if (conn.operatorKey) {
      if (deps.google.operatorKeyJson) return deps.google.operatorKeyJson;
      throw new AppError(
        'CONFLICT',
        "This connection used the server's own service account, and the server no longer has one (GOOGLE_SERVICE_ACCOUNT_KEY is not set). Please disconnect and connect Google Workspace with your own key.",
      );
    }
    try {
      return decryptServiceAccountKey(secret, conn.organizationId, conn.encryptedKey);
    } catch {
      throw new AppError(
        'CONFLICT',
        'The stored service account key can no longer be read (WORKSPACE_KEY_SECRET or SESSION_SECRET changed). Please disconnect and connect Google Workspace again.',
      );
    }
  }

  function clientOf(conn: ConnectionRow, use: ClientUse = 'interactive'): WorkspaceClient {
    return clientFor(keyJsonOf(conn), conn.testMode, conn.organizationId, use);
  }

  async function managerOf(userId: string): Promise<CallerMembership> {
    const caller = await requireCallerMembership(teams, userId);
    await requireCapability(teams, caller, 'workspacePush');
    assertManager(caller, 'manage Google Workspace');
    return caller;
  }

  async function orgCapable(organizationId: string): Promise<boolean> {
    const org = await repo.findOrganization(organizationId);
    if (!org) return false;
    try {
      assertCapability(org, 'workspacePush');
      return true;
    } catch {
      return false;
    }
  }

  async function actorWords(userId: string): Promise<string> {
    const row = await repo.findUser(userId);
    return row ? `${row.name} (${row.email})` : 'A former member';
  }

  /**
   * Queues one push per person (one job each, deduped per person while one waits), as one run whose
   * people's previous signatures are kept (decision 0138): a new run, or `runId` made by the caller.
   */
  async function queuePushes(
    organizationId: string,
    emails: string[],
    actor: string,
    actorUserId: string | null,
    run: { runId?: string; target?: string } = {},
  ): Promise<number> {
    if (!run.runId) {
      const target = run.target ?? (emails.length === 1 ? '1 person' : `${emails.length} people`);
      await runs.createRun({ organizationId, kind: 'push', target, actor, actorUserId }, emails);
    }
    await repo.markPending(organizationId, emails);
    await turns.ask(organizationId, emails, 'push');
    // A person whose push already waits keeps that one job (it renders their signature when it runs).
    // Priority -n for the n-th person: the queue hands out every organization's first person before
    // anyone's second, so a push to thousands never makes a small organization wait (decision 0134).
    await deps.jobs.sendMany<PushJob>(
      PUSH_QUEUE,
      emails.map((email, n) => ({
        data: { organizationId, email, actor, actorUserId },
        singletonKey: pushJobKey({ organizationId, email }),
        priority: -n,
      })),
    );
    return emails.length;
  }

  /** The person's push runs again at `at` (one job waits per person: a push already waiting is kept). */
  async function deferPush(job: PushJob, at: Date): Promise<void> {
    await deps.jobs.send<PushJob>(PUSH_QUEUE, job, {
      singletonKey: pushJobKey(job),
      startAfter: at,
    });
  }

  /**
   * The person's own editor signatures (default first), only while their account is a verified
   * member of this organization; anyone else gets the organization's signature (docs/decisions/0131).
   * Checked at every render, not only at sync: a membership can end between two syncs.
   */
  async function ownSignaturesOf(person: PersonRow): Promise<OwnSignature[]> {
    if (!person.linkedUserId) return [];
    if (!(await repo.isVerifiedMember(person.organizationId, person.linkedUserId))) return [];
    const rows = await signatures.listSignaturesByUser(person.linkedUserId);
    return rows.map((row) => ({ ...row, imageLinkUrl: row.imageLinkUrl as OwnSignature['imageLinkUrl'] }));
  }

  /** A push into real mailboxes while recipients could not load the images: words, or null (decision 0140). */
  function pushRefusal(conn: ConnectionRow): string | null {
    return conn.testMode ? null : deps.google.pushRefusal();
  }

  function assertPushAllowed(conn: ConnectionRow) {
    if (conn.stoppedAt) throw new AppError('CONFLICT', stoppedWords(conn.stoppedReason ?? ''));
    const refusal = pushRefusal(conn);
    if (refusal) throw new AppError('CONFLICT', refusal);
  }

  /** Signing with a key (Connect, Check connection) and new TEST MODE keys: counted per organization. */
  async function limitGoogle(organizationId: string, what: 'sign' | 'testKey') {
    if (!deps.limiter) return;
    const rule = what === 'sign' ? GOOGLE_LIMITS.signPerOrganization : GOOGLE_LIMITS.testKeysPerOrganization;
    const did = what === 'sign' ? 'checked a service account key with Google' : 'made a TEST MODE key';
    await consumeOrThrow(
      deps.limiter,
      rule,
      organizationId,
      (wait) =>
        `Your organization has ${did} ${rule.limit} times in the last hour, the most we allow. Please try again ${wait}.`,
    );
  }

  function checkFailed(err: GoogleWorkspaceError) {
    const field = err.kind === 'wrong_domain' || err.kind === 'not_admin' ? 'adminEmail' : 'keyJson';
    return new AppError('VALIDATION', err.message, { [field]: err.message });
  }

  return {
    deps,
    repo,
    runs,
    turns,
    teams,
    health,
    secret,
    scopes,
    clientFor,
    clientOf,
    keyJsonOf,
    managerOf,
    orgCapable,
    templateOf,
    templatesOf,
    templateFor,
    ruleTemplateFor,
    actorWords,
    queuePushes,
    deferPush,
    ownSignaturesOf,
    checkFailed,
    pushRefusal,
    assertPushAllowed,
    limitGoogle,
  };
}

export type WorkspaceContext = ReturnType<typeof createWorkspaceContext>;
