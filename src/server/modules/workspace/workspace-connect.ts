import { AppError, invalid } from '../../errors';
import { isGoogleWorkspaceError } from '../../google/errors';
import { parseServiceAccountKey } from '../../google/service-account-key';
import type { ConnectBody } from '../../../shared/api/workspace';
import type { CallerMembership } from '../teams/team-access';
import { encryptServiceAccountKey } from './workspace-key-crypto';
import { notConnected, type WorkspaceContext } from './workspace-context';

/** Connect a domain (a pasted key, or the TEST MODE Workspace), check it, disconnect it. */
export function createWorkspaceConnect(ctx: WorkspaceContext) {
  const { deps, repo } = ctx;

  /** The key is parsed, then must earn a NEW token from Google before anything is saved (docs/decisions/0131). */
  async function connectWith(caller: CallerMembership, keyJson: string, adminEmail: string, testMode: boolean) {
    let key;
    try {
      key = parseServiceAccountKey(keyJson);
    } catch (err) {
      if (isGoogleWorkspaceError(err)) throw invalid(err.message, { keyJson: err.message });
      throw err;
    }
    try {
      await ctx.clientFor(keyJson, testMode, caller.organization.id).checkConnection(adminEmail);
    } catch (err) {
      if (isGoogleWorkspaceError(err)) throw ctx.checkFailed(err);
      throw err;
    }
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

    async check(userId: string): Promise<{ ok: boolean; message: string }> {
      const caller = await ctx.managerOf(userId);
      const conn = await repo.findConnection(caller.organization.id);
      if (!conn) throw notConnected();
      if (!conn.testMode) await ctx.limitGoogle(caller.organization.id, 'sign');
      try {
        await ctx.clientOf(conn).checkConnection(conn.adminEmail);
        await ctx.health.resume(caller.organization.id);
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
      const caller = await ctx.managerOf(userId);
      await repo.deleteConnection(caller.organization.id);
      return { connected: false as const };
    },
  };
}
