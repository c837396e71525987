import { parseServiceAccountKey } from '../../google/service-account-key';
import type { AuditEntry, PushStatus, WorkspaceOverview } from '../../../shared/api/workspace';
import { PUSH_QUEUE, type WorkspaceContext } from './workspace-context';
import type { PersonRow, SendAsPushState } from './workspace.repository';

/** The admin's Workspace page: connection, template, people with their statuses, audit, queue. */
export function createWorkspaceOverview(
  ctx: WorkspaceContext,
  lastRunsOf: (organizationId: string) => Promise<{
    push: WorkspaceOverview['lastPush'];
    restore: WorkspaceOverview['lastRestore'];
    recent: WorkspaceOverview['recentPushes'];
  }>,
) {
  const { deps, repo } = ctx;
  return {
    async overview(userId: string): Promise<WorkspaceOverview> {
      const caller = await ctx.managerOf(userId);
      const orgId = caller.organization.id;
      const [conn, tpl, people, audit, queue, lastRuns, restorable] = await Promise.all([
        repo.findConnection(orgId),
        ctx.templateOf(orgId),
        repo.listPeople(orgId),
        repo.listAudit(orgId),
        deps.jobs.stats(PUSH_QUEUE),
        lastRunsOf(orgId),
        ctx.runs.latestRestorable(orgId),
      ]);
      return {
        scopes: ctx.scopes,
        testModeAvailable: !!deps.google.testMode,
        operatorKey: operatorKeyView(deps.google.operatorKeyJson),
        connection: conn
          ? {
              clientId: conn.clientId,
              clientEmail: conn.clientEmail,
              adminEmail: conn.adminEmail,
              testMode: conn.testMode,
              operatorKey: conn.operatorKey,
              writeAliases: conn.writeAliases,
              connectedAt: conn.connectedAt.toISOString(),
              lastSyncAt: conn.lastSyncAt?.toISOString() ?? null,
              lastSyncResult: conn.lastSyncResult,
              lastSyncOk: conn.lastSyncOk,
              pendingRemoval: conn.pendingRemoval ?? null,
              stoppedAt: conn.stoppedAt?.toISOString() ?? null,
              stoppedReason: conn.stoppedReason,
            }
          : null,
        template: tpl,
        people: people.map((p) => personView(p, restorable.get(p.email)?.at ?? null)),
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
        lastPush: lastRuns.push,
        lastRestore: lastRuns.restore,
        recentPushes: lastRuns.recent,
      };
    },
  };
}

/** The operator's client ID and service account (never the key), for the page's Admin console link. */
function operatorKeyView(keyJson: string | undefined) {
  if (!keyJson) return null;
  const key = parseServiceAccountKey(keyJson);
  return { clientId: key.clientId, clientEmail: key.clientEmail };
}

/** `restorableFrom`: the latest push that changed their Gmail, while what it replaced is kept (decision 0138). */
function personView(p: PersonRow, restorableFrom: Date | null): WorkspaceOverview['people'][number] {
  return {
    restorableFrom: restorableFrom?.toISOString() ?? null,
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
    goneAt: p.goneAt?.toISOString() ?? null,
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
  };
}
