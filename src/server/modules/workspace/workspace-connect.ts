import { AppError, invalid } from '../../errors';
import { notSuperAdmin, runConnectionChecks, type CheckInput } from '../../google/connection-check';
import { isGoogleWorkspaceError } from '../../google/errors';
import { parseServiceAccountKey } from '../../google/service-account-key';
import type { ConnectBody, OperatorConnectBody } from '../../../shared/api/workspace';
import { emailDomain } from '../../../shared/workspace/google-setup';
import { uniqueViolation } from '../../db/unique-violation';
import type { CallerMembership } from '../teams/team-access';
import { encryptServiceAccountKey } from './workspace-key-crypto';
import { notConnected, type WorkspaceContext } from './workspace-context';

const domainTaken = (domain: string) =>
  new AppError(
    'CONFLICT',
    `${domain} is already connected to another SignaturePro organization. A domain is connected to one organization at a time: its owner must disconnect it there first.`,
    { adminEmail: `${domain} is already connected to another SignaturePro organization.` },
  );

/** A domain is connected to one organization at a time (docs/decisions/0141); asked before any call to Google. */
async function assertDomainFree(ctx: WorkspaceContext, domain: string, organizationId: string) {
  const owner = await ctx.repo.domainOwner(domain);
  if (owner && owner !== organizationId) throw domainTaken(domain);
}

/** The checks of one key for one admin in one organization (fresh tokens every time, docs/decisions/0131). */
function checksOf(
  ctx: WorkspaceContext,
  key: CheckInput['key'],
  adminEmail: string,
  testMode: boolean,
  organizationId: string,
) {
  const { deps } = ctx;
  const refusal = testMode ? null : deps.google.pushRefusal();
  const fine = testMode
    ? 'TEST MODE: nothing reaches a real mailbox, so the images need no public address.'
    : deps.config.google.customGmailApi
      ? 'GOOGLE_GMAIL_API_URL is set (a test or a private cloud): pushes are not held to a public PUBLIC_URL.'
      : `${deps.config.publicUrl} is https on a public host: recipients can load the signature images.`;
  return runConnectionChecks({
    key,
    adminEmail,
    scopes: ctx.scopes,
    clientFor: (keyJson) => ctx.clientFor(keyJson, testMode, organizationId),
    publicUrl: { refusal, fine },
  });
}

/** The key is parsed, then must earn a NEW token from Google before anything is saved (docs/decisions/0131). */
async function connectWith(
  ctx: WorkspaceContext,
  caller: CallerMembership,
  keyJson: string,
  adminEmail: string,
  how: { testMode: boolean; operatorKey?: boolean; beforeSave?: () => Promise<void> },
) {
  const { testMode } = how;
  const domain = emailDomain(adminEmail);
  await assertDomainFree(ctx, domain, caller.organization.id);
  let key;
  try {
    key = parseServiceAccountKey(keyJson);
  } catch (err) {
    if (isGoogleWorkspaceError(err)) throw invalid(err.message, { keyJson: err.message });
    throw err;
  }
  const report = await checksOf(ctx, { json: keyJson }, adminEmail, testMode, caller.organization.id);
  if (!report.ok && report.firstError) throw ctx.checkFailed(report.firstError);
  await how.beforeSave?.();
  try {
    await ctx.repo.saveConnection({
      organizationId: caller.organization.id,
      clientEmail: key.clientEmail,
      clientId: key.clientId,
      adminEmail,
      // The operator's key is never stored: it is read from the settings at each use (docs/decisions/0141).
      encryptedKey: how.operatorKey ? '' : encryptServiceAccountKey(ctx.secret, caller.organization.id, keyJson),
      testMode,
      domain,
      operatorKey: how.operatorKey ?? false,
      connectedBy: caller.userId,
    });
  } catch (err) {
    // Two organizations checked the same domain at once: the database keeps one (docs/decisions/0141).
    if (uniqueViolation(err) === 'workspace_connection_domain_unique') throw domainTaken(domain);
    throw err;
  }
  // A key that just earned a token resumes a stopped connection (docs/decisions/0133).
  await ctx.health.resume(caller.organization.id);
  return { connected: true as const, clientId: key.clientId, clientEmail: key.clientEmail, adminEmail };
}

/** Connect a domain (a pasted key, the operator's service account, or the TEST MODE Workspace), check it, disconnect it. */
export function createWorkspaceConnect(ctx: WorkspaceContext) {
  const { deps, repo } = ctx;
  return {
    async connect(userId: string, body: ConnectBody) {
      const caller = await ctx.managerOf(userId);
      const refusal = deps.google.pastedKeyRefusal();
      if (refusal) throw invalid(refusal, { keyJson: refusal });
      await ctx.limitGoogle(caller.organization.id, 'sign');
      return connectWith(ctx, caller, body.keyJson, body.adminEmail, { testMode: false });
    },

    /**
     * The operator's service account (GOOGLE_SERVICE_ACCOUNT_KEY) for this organization's domain. One
     * credential reaches every customer domain, so the person connecting must hold a verified address
     * at that domain that Google calls a super admin (docs/decisions/0141).
     */
    async connectOperator(userId: string, body: OperatorConnectBody) {
      const caller = await ctx.managerOf(userId);
      const keyJson = deps.google.operatorKeyJson;
      if (!keyJson)
        throw new AppError(
          'CONFLICT',
          "This server has no service account of its own (GOOGLE_SERVICE_ACCOUNT_KEY is not set). Paste your organization's own service account key instead.",
        );
      const domain = emailDomain(body.adminEmail);
      const me = await repo.findUser(caller.userId);
      if (!me || emailDomain(me.email) !== domain) {
        const words = `You are signed in as ${me?.email ?? 'someone else'}. To connect ${domain} with SignaturePro's service account, sign in with your own address at ${domain}: it proves your organization controls the domain.`;
        throw new AppError('FORBIDDEN', words, { adminEmail: words });
      }
      if (!me.emailVerified) {
        const words = `Confirm your address ${me.email} first (the link in the e-mail we sent you): only a confirmed address at ${domain} may connect it.`;
        throw new AppError('FORBIDDEN', words, { adminEmail: words });
      }
      await ctx.limitGoogle(caller.organization.id, 'sign');
      return connectWith(ctx, caller, keyJson, body.adminEmail, {
        testMode: false,
        operatorKey: true,
        // The checks proved the typed admin is a super admin; the person connecting must be one too.
        beforeSave: async () => {
          if (me.email.toLowerCase() === body.adminEmail) return;
          try {
            const who = await ctx.clientFor(keyJson, false, caller.organization.id).getUser(body.adminEmail, me.email);
            if (!who.isAdmin) throw notSuperAdmin(me.email);
          } catch (err) {
            if (isGoogleWorkspaceError(err)) throw ctx.checkFailed(err);
            throw err;
          }
        },
      });
    },

    async connectTestMode(userId: string) {
      const caller = await ctx.managerOf(userId);
      const testMode = deps.google.testMode;
      if (!testMode) {
        throw new AppError(
          'CONFLICT',
          'This server runs real Google, so there is no TEST MODE Workspace to connect (GOOGLE_MODE=test offers one).',
        );
      }
      await ctx.limitGoogle(caller.organization.id, 'testKey');
      const account = await testMode.createServiceAccount(caller.organization.id);
      return connectWith(ctx, caller, account.keyJson, account.adminEmail, { testMode: true });
    },

    /** "Check connection": one PASS/FAIL line per check (shared/workspace/google-setup.ts). */
    async check(userId: string) {
      const caller = await ctx.managerOf(userId);
      const conn = await repo.findConnection(caller.organization.id);
      if (!conn) throw notConnected();
      if (!conn.testMode) await ctx.limitGoogle(caller.organization.id, 'sign');
      let key: CheckInput['key'];
      try {
        key = { json: ctx.keyJsonOf(conn) };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        key = { unreadable: err.message };
      }
      const report = await checksOf(ctx, key, conn.adminEmail, conn.testMode, conn.organizationId);
      const failed = report.lines.find((line) => line.state === 'fail');
      // A passing check resumes a stopped connection (docs/decisions/0133).
      if (report.ok) await ctx.health.resume(caller.organization.id);
      return {
        ok: report.ok,
        message: report.ok
          ? 'Connected: the key works, both scopes are granted, the admin is a super admin and both APIs answer.'
          : `${failed!.label}: ${failed!.detail}`,
        checks: report.lines,
      };
    },

    async disconnect(userId: string) {
      const caller = await ctx.managerOf(userId);
      await repo.deleteConnection(caller.organization.id);
      return { connected: false as const };
    },
  };
}
