import { AppError, invalid } from '../../errors';
import { runConnectionChecks, type CheckInput } from '../../google/connection-check';
import { isGoogleWorkspaceError } from '../../google/errors';
import { parseServiceAccountKey } from '../../google/service-account-key';
import type { ConnectBody } from '../../../shared/api/workspace';
import type { CallerMembership } from '../teams/team-access';
import { decryptServiceAccountKey, encryptServiceAccountKey } from './workspace-key-crypto';
import { notConnected, type WorkspaceContext } from './workspace-context';

/** Connect a domain (a pasted key, or the TEST MODE Workspace), check it, disconnect it. */
export function createWorkspaceConnect(ctx: WorkspaceContext) {
  const { deps, repo } = ctx;

  /** The checks of one key for one admin in one organization (fresh tokens every time, docs/decisions/0131). */
  function checksOf(key: CheckInput['key'], adminEmail: string, testMode: boolean, organizationId: string) {
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
  async function connectWith(caller: CallerMembership, keyJson: string, adminEmail: string, testMode: boolean) {
    let key;
    try {
      key = parseServiceAccountKey(keyJson);
    } catch (err) {
      if (isGoogleWorkspaceError(err)) throw invalid(err.message, { keyJson: err.message });
      throw err;
    }
    const report = await checksOf({ json: keyJson }, adminEmail, testMode, caller.organization.id);
    if (!report.ok && report.firstError) throw ctx.checkFailed(report.firstError);
    await repo.saveConnection({
      organizationId: caller.organization.id,
      clientEmail: key.clientEmail,
      clientId: key.clientId,
      adminEmail,
      encryptedKey: encryptServiceAccountKey(ctx.secret, caller.organization.id, keyJson),
      testMode,
      connectedBy: caller.userId,
    });
    // A key that just earned a token resumes a stopped connection (docs/decisions/0133).
    await ctx.health.resume(caller.organization.id);
    return { connected: true as const, clientId: key.clientId, clientEmail: key.clientEmail, adminEmail };
  }

  return {
    async connect(userId: string, body: ConnectBody) {
      const caller = await ctx.managerOf(userId);
      const refusal = deps.google.pastedKeyRefusal();
      if (refusal) throw invalid(refusal, { keyJson: refusal });
      await ctx.limitGoogle(caller.organization.id, 'sign');
      return connectWith(caller, body.keyJson, body.adminEmail, false);
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
      return connectWith(caller, account.keyJson, account.adminEmail, true);
    },

    /** "Check connection": one PASS/FAIL line per check (shared/workspace/google-setup.ts). */
    async check(userId: string) {
      const caller = await ctx.managerOf(userId);
      const conn = await repo.findConnection(caller.organization.id);
      if (!conn) throw notConnected();
      if (!conn.testMode) await ctx.limitGoogle(caller.organization.id, 'sign');
      let key: CheckInput['key'];
      try {
        key = { json: decryptServiceAccountKey(ctx.secret, conn.organizationId, conn.encryptedKey) };
      } catch {
        key = {
          unreadable:
            'The stored service account key can no longer be read (WORKSPACE_KEY_SECRET or SESSION_SECRET changed). Please disconnect and connect Google Workspace again.',
        };
      }
      const report = await checksOf(key, conn.adminEmail, conn.testMode, conn.organizationId);
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
