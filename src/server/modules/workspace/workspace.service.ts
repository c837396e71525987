import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { organization, user } from '../../db/schema/auth.schema';
import { AppError, invalid } from '../../errors';
import { GoogleWorkspaceError, isGoogleWorkspaceError } from '../../google/errors';
import type { GoogleAdapter } from '../../google/google-adapter';
import { parseServiceAccountKey } from '../../google/service-account-key';
import {
  DIRECTORY_SCOPE,
  GMAIL_SETTINGS_SCOPE,
  createTokenCache,
  createWorkspaceClient,
  type RetryPolicy,
  type WorkspaceClient,
} from '../../google/workspace-client';
import { workspaceKeySecret } from '../../google/workspace-key-secret';
import type { JobRunner } from '../../jobs/job-runner';
import { consumeOrThrow } from '../../rate-limit/limit-or-throw';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import { GOOGLE_LIMITS } from '../../google/google-limits';
import {
  PERSON_FIELD_LABELS,
  type AuditEntry,
  type ConnectBody,
  type DryRunEntry,
  type MySignatureView,
  type PersonEdit,
  type PersonField,
  type PushBody,
  type PushStatus,
  type PushTarget,
  type TemplateBody,
  type WorkspaceOverview,
} from '../../../shared/api/workspace';
import { GMAIL_SIGNATURE_MAX_CHARS } from '../../../shared/signature/export-checks';
import { assertCapability, assertManager, requireCallerMembership, type CallerMembership } from '../teams/team-access';
import { createTeamsRepository } from '../teams/teams.repository';
import { decryptServiceAccountKey, encryptServiceAccountKey } from './workspace-key-crypto';
import { createWorkspaceRepository, type ConnectionRow, type PersonRow } from './workspace.repository';
import {
  effectiveTemplate,
  lockReasons,
  personValues,
  sendAsTargets,
  sha256,
  type EffectiveTemplate,
  type OwnSignature,
  type SendAsTarget,
} from './workspace-signature';
import type { SendAsPushState } from '../../db/schema/workspace.schema';
import { createSignaturesRepository } from '../signatures/signatures.repository';

export const PUSH_QUEUE = 'workspace-push';
export const SYNC_QUEUE = 'workspace-sync';
export const DAILY_QUEUE = 'workspace-daily';
/** Pushes in flight per process: public tools settle around 10–15 (design/google-workspace.md). */
export const PUSH_CONCURRENCY = 10;
const PUSH_RETRY_LIMIT = 4;

export type PushJob = { organizationId: string; email: string; actor: string; actorUserId: string | null };
export type SyncJob = { organizationId: string; actor: string };

export type WorkspaceDeps = {
  db: Db;
  config: AppConfig;
  jobs: JobRunner;
  /** JOB_LEASE_SECONDS: a push whose process died is taken again after this long. */
  leaseSeconds?: number;
  /** Google, real or TEST MODE, chosen once in the module's factory (decision 0140). */
  google: GoogleAdapter;
  /** Counts Google key signing and TEST MODE keys per organization. */
  limiter?: RateLimiter;
  /** Tests shorten Google's backoff. */
  retry?: RetryPolicy;
  onPushFailure?: () => void;
  log?: { warn(obj: object, msg: string): void };
};

const notConnected = () =>
  new AppError('CONFLICT', 'Google Workspace is not connected yet. Connect it first under Account → Workspace.');

export function createWorkspaceService(deps: WorkspaceDeps) {
  const repo = createWorkspaceRepository(deps.db);
  const teams = createTeamsRepository(deps.db);
  const signatures = createSignaturesRepository(deps.db);
  // One cache per process: a person's token is asked for once an hour, whichever job needs it.
  const tokenCache = createTokenCache();
  const secret = workspaceKeySecret(deps.config);
  const scopes = [GMAIL_SETTINGS_SCOPE, DIRECTORY_SCOPE];

  /** Tokens are cached per organization and per key (docs/decisions/0131). */
  function clientFor(keyJson: string, testMode: boolean, organizationId: string): WorkspaceClient {
    const key = parseServiceAccountKey(keyJson);
    return createWorkspaceClient({
      key,
      endpoints: deps.google.endpoints,
      cacheOwner: organizationId,
      tokenCache,
      ...(testMode && deps.google.fetch ? { fetch: deps.google.fetch } : {}),
      ...(deps.retry ? { retry: deps.retry } : {}),
    });
  }

  function clientOf(conn: ConnectionRow): WorkspaceClient {
    let keyJson: string;
    try {
      keyJson = decryptServiceAccountKey(secret, conn.organizationId, conn.encryptedKey);
    } catch {
      throw new AppError(
        'CONFLICT',
        'The stored service account key can no longer be read (WORKSPACE_KEY_SECRET or SESSION_SECRET changed). Please disconnect and connect Google Workspace again.',
      );
    }
    return clientFor(keyJson, conn.testMode, conn.organizationId);
  }

  async function managerOf(userId: string): Promise<CallerMembership> {
    const caller = await requireCallerMembership(teams, userId);
    assertCapability(caller.organization, 'workspacePush');
    assertManager(caller, 'manage Google Workspace');
    return caller;
  }

  async function orgCapable(organizationId: string): Promise<boolean> {
    const [org] = await deps.db.select().from(organization).where(eq(organization.id, organizationId));
    if (!org) return false;
    try {
      assertCapability(org, 'workspacePush');
      return true;
    } catch {
      return false;
    }
  }

  async function templateOf(organizationId: string): Promise<EffectiveTemplate> {
    const row = await repo.findTemplate(organizationId);
    if (row) return effectiveTemplate(row);
    // Until owners save one, the organization's name fills the company line.
    const [org] = await deps.db
      .select({ name: organization.name })
      .from(organization)
      .where(eq(organization.id, organizationId));
    return effectiveTemplate(undefined, { company: org?.name ?? '' });
  }

  async function actorWords(userId: string): Promise<string> {
    const [row] = await deps.db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
    return row ? `${row.name} (${row.email})` : 'A former member';
  }

  /** Queues one push per person (one job each, deduped per person while one waits). */
  async function queuePushes(
    organizationId: string,
    emails: string[],
    actor: string,
    actorUserId: string | null,
  ): Promise<number> {
    await repo.markPending(organizationId, emails);
    // A person whose push already waits keeps that one job (it renders their signature when it runs).
    await deps.jobs.sendMany<PushJob>(
      PUSH_QUEUE,
      emails.map((email) => ({
        data: { organizationId, email, actor, actorUserId },
        singletonKey: `${organizationId}:${email}`,
      })),
    );
    return emails.length;
  }

  async function connectWith(caller: CallerMembership, keyJson: string, adminEmail: string, testMode: boolean) {
    let key;
    try {
      key = parseServiceAccountKey(keyJson);
    } catch (err) {
      if (isGoogleWorkspaceError(err)) throw invalid(err.message, { keyJson: err.message });
      throw err;
    }
    try {
      await clientFor(keyJson, testMode, caller.organization.id).checkConnection(adminEmail);
    } catch (err) {
      if (isGoogleWorkspaceError(err)) throw checkFailed(err);
      throw err;
    }
    await repo.saveConnection({
      organizationId: caller.organization.id,
      clientEmail: key.clientEmail,
      clientId: key.clientId,
      adminEmail,
      encryptedKey: encryptServiceAccountKey(secret, caller.organization.id, keyJson),
      testMode,
      connectedBy: caller.userId,
    });
    return { connected: true as const, clientId: key.clientId, clientEmail: key.clientEmail, adminEmail };
  }

  /** A push into real mailboxes while recipients could not load the images is refused with words. */
  function assertPushAllowed(conn: ConnectionRow) {
    const refusal = conn.testMode ? null : deps.google.pushRefusal();
    if (refusal) throw new AppError('CONFLICT', refusal);
  }

  /** Signing with a key (Connect, Check connection) and new TEST MODE keys: counted per organization. */
  async function limitGoogle(organizationId: string, what: 'sign' | 'testKey') {
    if (!deps.limiter) return;
    const rule = what === 'sign' ? GOOGLE_LIMITS.signPerOrganization : GOOGLE_LIMITS.testKeysPerOrganization;
    await consumeOrThrow(
      deps.limiter,
      rule,
      organizationId,
      (wait) =>
        `Your organization has ${what === 'sign' ? 'checked a service account key with Google' : 'made a TEST MODE key'} ${rule.limit} times in the last hour, the most we allow. Please try again ${wait}.`,
    );
  }

  function checkFailed(err: GoogleWorkspaceError) {
    const field = err.kind === 'wrong_domain' || err.kind === 'not_admin' ? 'adminEmail' : 'keyJson';
    return new AppError('VALIDATION', err.message, { [field]: err.message });
  }

  function selectPeople(people: PersonRow[], target: PushTarget): PersonRow[] {
    switch (target.kind) {
      case 'all':
        return people;
      case 'department':
        return people.filter((p) => (p.department ?? '') === target.value);
      case 'orgUnit':
        return people.filter(
          (p) => p.orgUnitPath === target.value || p.orgUnitPath.startsWith(`${target.value.replace(/\/$/, '')}/`),
        );
      case 'selection': {
        const wanted = new Set(target.emails.map((e) => e.toLowerCase()));
        return people.filter((p) => wanted.has(p.email));
      }
    }
  }

  const service = {
    async overview(userId: string): Promise<WorkspaceOverview> {
      const caller = await managerOf(userId);
      const orgId = caller.organization.id;
      const [conn, tpl, people, audit, queue] = await Promise.all([
        repo.findConnection(orgId),
        templateOf(orgId),
        repo.listPeople(orgId),
        repo.listAudit(orgId),
        deps.jobs.stats(PUSH_QUEUE),
      ]);
      return {
        scopes,
        testModeAvailable: !!deps.google.testMode,
        connection: conn
          ? {
              clientId: conn.clientId,
              clientEmail: conn.clientEmail,
              adminEmail: conn.adminEmail,
              testMode: conn.testMode,
              connectedAt: conn.connectedAt.toISOString(),
              lastSyncAt: conn.lastSyncAt?.toISOString() ?? null,
              lastSyncResult: conn.lastSyncResult,
              lastSyncOk: conn.lastSyncOk,
            }
          : null,
        template: tpl,
        people: people.map((p) => ({
          email: p.email,
          fullName: p.fullName,
          title: p.title,
          department: p.department,
          orgUnitPath: p.orgUnitPath,
          hasGmail: p.hasGmail,
          linked: p.linkedUserId !== null,
          pushStatus: p.pushStatus as PushStatus,
          pushedAt: p.pushedAt?.toISOString() ?? null,
          pushError: p.pushError,
          addresses: Object.entries((p.sendAsState ?? {}) as Record<string, SendAsPushState>)
            .map(([sendAsEmail, st]) => ({
              sendAsEmail,
              label: st.label,
              status: st.status,
              pushedAt: st.pushedAt,
              error: st.error,
            }))
            .sort(
              (a, b) =>
                Number(b.sendAsEmail === p.email) - Number(a.sendAsEmail === p.email) ||
                a.sendAsEmail.localeCompare(b.sendAsEmail),
            ),
        })),
        audit: audit.map((a): AuditEntry => ({
          at: a.createdAt.toISOString(),
          personEmail: a.personEmail,
          sendAsEmail: a.sendAsEmail,
          actor: a.actor,
          result: a.result as AuditEntry['result'],
          detail: a.detail,
          htmlChars: a.htmlChars,
        })),
        queue: { pending: queue.depth },
      };
    },

    async connect(userId: string, body: ConnectBody) {
      const caller = await managerOf(userId);
      const refusal = deps.google.pastedKeyRefusal();
      if (refusal) throw invalid(refusal, { keyJson: refusal });
      await limitGoogle(caller.organization.id, 'sign');
      return connectWith(caller, body.keyJson, body.adminEmail, false);
    },

    async connectTestMode(userId: string) {
      const caller = await managerOf(userId);
      const testMode = deps.google.testMode;
      if (!testMode) {
        throw new AppError(
          'CONFLICT',
          'This server runs real Google, so there is no TEST MODE Workspace to connect (GOOGLE_MODE=test offers one).',
        );
      }
      await limitGoogle(caller.organization.id, 'testKey');
      const account = await testMode.createServiceAccount(caller.organization.id);
      return connectWith(caller, account.keyJson, account.adminEmail, true);
    },

    async check(userId: string): Promise<{ ok: boolean; message: string }> {
      const caller = await managerOf(userId);
      const conn = await repo.findConnection(caller.organization.id);
      if (!conn) throw notConnected();
      if (!conn.testMode) await limitGoogle(caller.organization.id, 'sign');
      try {
        await clientOf(conn).checkConnection(conn.adminEmail);
        return {
          ok: true,
          message: 'Connected: the key works, both scopes are granted and the admin can read the directory.',
        };
      } catch (err) {
        if (isGoogleWorkspaceError(err)) return { ok: false, message: err.message };
        throw err;
      }
    },

    async disconnect(userId: string) {
      const caller = await managerOf(userId);
      await repo.deleteConnection(caller.organization.id);
      return { connected: false as const };
    },

    async requestSync(userId: string) {
      const caller = await managerOf(userId);
      if (!(await repo.findConnection(caller.organization.id))) throw notConnected();
      const id = await deps.jobs.send<SyncJob>(
        SYNC_QUEUE,
        { organizationId: caller.organization.id, actor: await actorWords(userId) },
        { singletonKey: caller.organization.id },
      );
      return { queued: id !== null, message: id ? 'Reading the directory now.' : 'A sync is already waiting to run.' };
    },

    async saveTemplate(userId: string, body: TemplateBody) {
      const caller = await requireCallerMembership(teams, userId);
      assertCapability(caller.organization, 'organizationTemplates');
      assertManager(caller, "change the organization's template");
      await repo.saveTemplate(caller.organization.id, body.template, body.editableFields, userId);
      // Everyone whose signature is already in Gmail gets the new one (unchanged ones are skipped).
      const people = await repo.listPeople(caller.organization.id);
      const again = people.filter((p) => p.pushStatus !== 'never' && p.pushStatus !== 'skipped').map((p) => p.email);
      const queued = again.length ? await queuePushes(caller.organization.id, again, 'Template change', userId) : 0;
      return { saved: true, repushQueued: queued };
    },

    async push(
      userId: string,
      body: PushBody,
    ): Promise<{ dryRun: true; people: DryRunEntry[] } | { dryRun: false; queued: number }> {
      const caller = await managerOf(userId);
      const orgId = caller.organization.id;
      const connection = await repo.findConnection(orgId);
      if (!connection) throw notConnected();
      if (!body.dryRun) assertPushAllowed(connection);
      const [tpl, people] = await Promise.all([templateOf(orgId), repo.listPeople(orgId)]);
      const chosen = selectPeople(people, body.target);
      if (chosen.length === 0)
        throw invalid('Nobody matches that choice. Sync the directory first, or choose other people.');
      if (body.dryRun) {
        const entries: DryRunEntry[] = [];
        for (const p of chosen) {
          for (const target of sendAsTargets(p, tpl, await ownSignaturesOf(p), deps.config.publicUrl)) {
            entries.push({
              email: p.email,
              fullName: p.fullName,
              sendAsEmail: target.sendAsEmail,
              label: target.label,
              html: target.html,
              chars: target.html.length,
              hasGmail: p.hasGmail,
              tooLong: target.html.length > GMAIL_SIGNATURE_MAX_CHARS,
            });
          }
        }
        return { dryRun: true, people: entries };
      }
      const queued = await queuePushes(
        orgId,
        chosen.map((p) => p.email),
        await actorWords(userId),
        userId,
      );
      return { dryRun: false, queued };
    },

    async mySignature(userId: string): Promise<MySignatureView> {
      const { caller, person, tpl } = await myRow(userId);
      if (!person) return { connected: !!(await repo.findConnection(caller.organization.id)), person: null };
      // What the primary address is given: the person's default signature with the locks, or the organization's version.
      const html = sendAsTargets(person, tpl, await ownSignaturesOf(person), deps.config.publicUrl)[0]!.html;
      return {
        connected: true,
        person: {
          email: person.email,
          values: personValues(person, tpl),
          locked: lockReasons(tpl),
          editable: tpl.editableFields,
          html,
          chars: html.length,
          pushStatus: person.pushStatus as PushStatus,
          pushedAt: person.pushedAt?.toISOString() ?? null,
          pushError: person.pushError,
        },
      };
    },

    async editMySignature(userId: string, edit: PersonEdit): Promise<MySignatureView> {
      const { caller, person, tpl } = await myRow(userId);
      if (!person)
        throw new AppError(
          'NOT_FOUND',
          "You are not in your organization's Google Workspace directory yet. Ask an admin to sync the directory.",
        );
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
      const overrides = { ...(person.overrides as object), ...edit };
      await repo.saveOverrides(person.id, overrides);
      if (person.pushStatus !== 'never')
        await queuePushes(caller.organization.id, [person.email], await actorWords(userId), userId);
      return service.mySignature(userId);
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
      if (!person)
        throw new AppError(
          'NOT_FOUND',
          "You are not in your organization's Google Workspace directory yet. Ask an admin to sync the directory.",
        );
      assertPushAllowed(conn);
      const result = await service.runPush(
        {
          organizationId: caller.organization.id,
          email: person.email,
          actor: await actorWords(userId),
          actorUserId: userId,
        },
        { retryCount: PUSH_RETRY_LIMIT },
      );
      const after = await repo.findPerson(caller.organization.id, person.email);
      return {
        result,
        status: after?.pushStatus ?? result,
        message: after?.pushError ?? resultWords(result, person.email),
      };
    },

    async runSync(job: SyncJob): Promise<void> {
      const conn = await repo.findConnection(job.organizationId);
      if (!conn) return;
      if (!(await orgCapable(job.organizationId))) {
        await repo.recordSync(job.organizationId, false, 'Not synced: Google Workspace is part of the Pro plan.');
        return;
      }
      const people: Parameters<typeof repo.applyDirectory>[1] = [];
      let withoutGmail = 0;
      try {
        for await (const page of clientOf(conn).listDirectory(conn.adminEmail)) {
          for (const p of page) {
            if (p.suspended) continue;
            if (!p.isMailboxSetup) withoutGmail += 1;
            people.push({
              email: p.primaryEmail.toLowerCase(),
              fullName: p.fullName,
              givenName: p.givenName,
              familyName: p.familyName,
              title: p.title,
              department: p.department,
              phones: p.phones,
              orgUnitPath: p.orgUnitPath || '/',
              hasGmail: p.isMailboxSetup,
            });
          }
        }
      } catch (err) {
        if (isGoogleWorkspaceError(err)) {
          await repo.recordSync(job.organizationId, false, `The directory could not be read: ${err.message}`);
          if (err.retryable) throw err;
          return;
        }
        throw err;
      }
      const { changed, added, removed } = await repo.applyDirectory(job.organizationId, people);
      const words = `${people.length} ${people.length === 1 ? 'person' : 'people'} read (${added} new, ${removed} removed, ${changed.length} changed)${withoutGmail ? `, ${withoutGmail} without Gmail` : ''}.`;
      await repo.recordSync(job.organizationId, true, words);
      // People whose directory data changed get their new signature, if theirs is already in Gmail.
      const all = await repo.listPeople(job.organizationId);
      const again = all.filter((p) => changed.includes(p.email) && p.pushStatus !== 'never').map((p) => p.email);
      if (again.length) await queuePushes(job.organizationId, again, 'Directory change', null);
    },

    /**
     * One person's push (a job of PUSH_QUEUE, or Install in Gmail): every send-as address the person
     * is given a signature for (docs/decisions/0118), one after another. Idempotent per address: an
     * address whose signature in Gmail is already ours is not patched, so a job that runs again (a
     * retry after a 429 on the alias, a lease that ended) patches only what is still missing.
     */
    async runPush(
      job: PushJob,
      attempt: { retryCount: number },
    ): Promise<'pushed' | 'unchanged' | 'skipped' | 'failed'> {
      const conn = await repo.findConnection(job.organizationId);
      const person = await repo.findPerson(job.organizationId, job.email);
      if (!conn || !person) return 'skipped';
      const audit = (
        result: 'pushed' | 'unchanged' | 'skipped' | 'failed',
        detail: string | null,
        html?: string,
        sendAsEmail: string | null = null,
      ) =>
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
      const failAll = async (words: string, html?: string, sendAsEmail: string | null = null) => {
        deps.onPushFailure?.();
        await repo.recordPushResult(person.id, { pushStatus: 'failed', pushError: words });
        await audit('failed', words, html, sendAsEmail);
        return 'failed' as const;
      };
      if (!(await orgCapable(job.organizationId)))
        return failAll('Not pushed: Google Workspace is part of the Pro plan.');
      const pushRefusal = conn.testMode ? null : deps.google.pushRefusal();
      if (pushRefusal) return failAll(pushRefusal);
      const skip = async (words: string) => {
        await repo.recordPushResult(person.id, { pushStatus: 'skipped', pushError: words });
        await audit('skipped', words);
        return 'skipped' as const;
      };
      if (!person.hasGmail) return skip('No Gmail: Google says "Mail service not enabled" for this person.');
      const tpl = await templateOf(job.organizationId);
      const targets = sendAsTargets(person, tpl, await ownSignaturesOf(person), deps.config.publicUrl);
      const tooLong = (html: string) =>
        `This signature is ${html.length.toLocaleString('en-US')} characters; Gmail takes at most 10,000. Shorten the template or the person's fields.`;
      const primaryTarget = targets[0]!;
      // The primary over the limit: refused before any call, as before aliases existed.
      if (primaryTarget.html.length > GMAIL_SIGNATURE_MAX_CHARS)
        return failAll(tooLong(primaryTarget.html), primaryTarget.html, primaryTarget.sendAsEmail);

      const state: Record<string, SendAsPushState> = {
        ...((person.sendAsState ?? {}) as Record<string, SendAsPushState>),
      };
      // An address no signature is "Used for" any more is left alone in Gmail and drops out of the statuses.
      for (const key of Object.keys(state)) if (!targets.some((t) => t.sendAsEmail === key)) delete state[key];
      const outcomes: ('pushed' | 'unchanged' | 'failed')[] = [];
      const failures: string[] = [];
      let lastPushedAt: Date | null = person.pushedAt;
      const saveState = (
        extra: Partial<Pick<PersonRow, 'pushStatus' | 'pushedAt' | 'pushError' | 'sentHash' | 'storedHash'>> = {},
      ) => repo.recordPushResult(person.id, { sendAsState: state, ...extra });
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
        await saveState();
        await audit('failed', words, target.html, target.sendAsEmail);
      };

      try {
        const client = clientOf(conn);
        const listed = await client.listSendAs(person.email);
        const gmailPrimary = listed.find((s) => s.isPrimary);
        if (!gmailPrimary) return failAll(`Gmail lists no primary address for ${person.email}.`);
        // Addresses Gmail lists for the person; a signature "Used for" another address is left out.
        const byAddress = new Map(listed.map((s) => [s.sendAsEmail.toLowerCase(), s]));
        const work = targets
          .map((target) =>
            target.primary ? { target, sendAs: gmailPrimary } : { target, sendAs: byAddress.get(target.sendAsEmail) },
          )
          .filter(
            (w): w is { target: SendAsTarget; sendAs: NonNullable<typeof w.sendAs> } =>
              !!w.sendAs && (w.target.primary || !w.sendAs.isPrimary),
          );
        for (const { target, sendAs } of work) {
          const address = sendAs.sendAsEmail.toLowerCase();
          const key = target.primary ? target.sendAsEmail : address;
          if (target.html.length > GMAIL_SIGNATURE_MAX_CHARS) {
            await failAddress(target, tooLong(target.html));
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
            await saveState(target.primary ? { sentHash, storedHash: sha256(sendAs.signature) } : {});
            await audit(
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
            await saveState(target.primary ? { sentHash, storedHash: sha256(stored.signature) } : {});
            await audit(
              'pushed',
              `Written to ${sendAs.sendAsEmail}${target.label ? ` ("${target.label}")` : ''}.`,
              target.html,
              address,
            );
            outcomes.push('pushed');
          } catch (err) {
            if (!isGoogleWorkspaceError(err) || err.kind === 'mail_not_enabled') throw err;
            if (err.retryable && attempt.retryCount < PUSH_RETRY_LIMIT) throw err;
            await failAddress(target, err.message);
          }
        }
      } catch (err) {
        if (err instanceof AppError) return failAll(err.message, primaryTarget.html);
        if (!isGoogleWorkspaceError(err)) throw err;
        if (err.kind === 'mail_not_enabled') return skip(`No Gmail: ${err.message}`);
        if (err.retryable && attempt.retryCount < PUSH_RETRY_LIMIT) {
          // Addresses already written are unchanged when the job runs again; only the rest is patched.
          await saveState({ pushStatus: 'pending', pushError: `Trying again: ${err.message}` });
          throw err;
        }
        return failAll(err.message, primaryTarget.html);
      }
      if (failures.length) {
        await saveState({ pushStatus: 'failed', pushError: failures.join(' ') });
        return 'failed';
      }
      await saveState({ pushStatus: 'pushed', pushError: null, pushedAt: lastPushedAt ?? new Date() });
      return outcomes.includes('pushed') ? 'pushed' : 'unchanged';
    },
  };

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

  async function myRow(userId: string) {
    const caller = await requireCallerMembership(teams, userId);
    assertCapability(caller.organization, 'workspacePush');
    const person = await repo.findPersonOfUser(caller.organization.id, userId);
    return { caller, person, tpl: await templateOf(caller.organization.id) };
  }

  function resultWords(result: string, email: string) {
    if (result === 'pushed') return `Installed: Gmail now has your signature for ${email}. Reload Gmail to see it.`;
    if (result === 'unchanged') return `Gmail already has this signature for ${email}.`;
    return `Not installed (${result}).`;
  }

  /** Declares the queues and the daily schedule on the app's jobs runner (before it starts). */
  function registerJobs() {
    deps.jobs.defineQueue<PushJob>(
      PUSH_QUEUE,
      {
        concurrency: PUSH_CONCURRENCY,
        expireInSeconds: deps.leaseSeconds ?? 120,
        retryLimit: PUSH_RETRY_LIMIT,
        retryDelaySeconds: 5,
        retryBackoff: true,
        policy: 'stately',
      },
      async (data, job) => void (await service.runPush(data, job)),
    );
    deps.jobs.defineQueue<SyncJob>(
      SYNC_QUEUE,
      {
        concurrency: 2,
        expireInSeconds: Math.max(600, deps.leaseSeconds ?? 120),
        retryLimit: 3,
        retryDelaySeconds: 60,
        retryBackoff: true,
        policy: 'stately',
      },
      async (data) => service.runSync(data),
    );
    deps.jobs.defineQueue<object>(
      DAILY_QUEUE,
      { concurrency: 1, expireInSeconds: 600, retryLimit: 1, retryDelaySeconds: 60, retryBackoff: false },
      async () => {
        for (const conn of await repo.listConnections()) {
          await deps.jobs.send<SyncJob>(
            SYNC_QUEUE,
            { organizationId: conn.organizationId, actor: 'Schedule' },
            { singletonKey: conn.organizationId },
          );
          const people = await repo.listPeople(conn.organizationId);
          const again = people
            .filter((p) => p.pushStatus === 'pushed' || p.pushStatus === 'failed')
            .map((p) => p.email);
          if (again.length) await queuePushes(conn.organizationId, again, 'Schedule', null);
        }
      },
    );
  }

  return { ...service, registerJobs, repository: repo };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;
