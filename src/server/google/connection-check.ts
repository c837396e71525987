import {
  CONNECTION_CHECKS,
  delegationLink,
  enableApiLink,
  GOOGLE_APIS,
  type ConnectionCheckId,
  type ConnectionCheckState,
  type GoogleApi,
} from '../../shared/workspace/google-setup';
import { GoogleWorkspaceError, isGoogleWorkspaceError } from './errors';
import { parseServiceAccountKey, type ServiceAccountKey } from './service-account-key';
import { DIRECTORY_SCOPE, GMAIL_SETTINGS_SCOPE, type WorkspaceClient } from './workspace-client';

export type CheckLine = {
  id: ConnectionCheckId;
  label: string;
  state: ConnectionCheckState;
  detail: string;
  /** Where to fix a failing line: the Admin console's delegation page or an API's enable page. */
  link?: { href: string; text: string };
};

export type CheckReport = {
  /** Every line that must pass to connect passed (PUBLIC_URL only holds pushes back, not the connection). */
  ok: boolean;
  lines: CheckLine[];
  /** The first failure that blocks connecting, for the refusal's words and field. */
  firstError: GoogleWorkspaceError | null;
};

export type CheckInput = {
  /** The key file's text, or the words saying why the stored one cannot be read. */
  key: { json: string } | { unreadable: string };
  adminEmail: string;
  scopes: readonly string[];
  clientFor(keyJson: string): WorkspaceClient;
  /** Words refusing pushes (PUBLIC_URL not public), or null with the words of why it is fine. */
  publicUrl: { refusal: string | null; fine: string };
};

const labelOf = (id: ConnectionCheckId) => CONNECTION_CHECKS.find((c) => c.id === id)!.label;

/** Google's answer for an API the key's project has not enabled (design/google-workspace.md). */
function apiDisabled(error: GoogleWorkspaceError): boolean {
  return (
    error.kind === 'api_disabled' ||
    /accessNotConfigured|SERVICE_DISABLED/i.test(error.googleReason ?? '') ||
    /has not been used in project|it is disabled|API_DISABLED|SERVICE_DISABLED/i.test(error.message)
  );
}

/**
 * "Check connection" as one line per check (design/google-workspace.md, "What fails first"): each
 * asks Google one thing, tokens are always new (never the cache, docs/decisions/0131), and a line
 * whose prerequisite failed is reported as not checked rather than as a second failure.
 */
export async function runConnectionChecks(input: CheckInput): Promise<CheckReport> {
  const lines = new Map<ConnectionCheckId, CheckLine>();
  let firstError: GoogleWorkspaceError | null = null;
  const pass = (id: ConnectionCheckId, detail: string) =>
    lines.set(id, { id, label: labelOf(id), state: 'pass', detail });
  const fail = (id: ConnectionCheckId, error: GoogleWorkspaceError, link?: CheckLine['link']) => {
    firstError ??= error;
    lines.set(id, { id, label: labelOf(id), state: 'fail', detail: error.message, ...(link ? { link } : {}) });
  };
  const skip = (id: ConnectionCheckId, needs: ConnectionCheckId) =>
    lines.set(id, { id, label: labelOf(id), state: 'skipped', detail: `Not checked: needs “${labelOf(needs)}”.` });
  const passed = (id: ConnectionCheckId) => lines.get(id)?.state === 'pass';
  /** Runs one check; a Google error fails its line, anything else is a bug and is thrown. */
  async function step(
    id: ConnectionCheckId,
    run: () => Promise<string>,
    linkFor?: (e: GoogleWorkspaceError) => CheckLine['link'],
  ) {
    try {
      pass(id, await run());
    } catch (error) {
      if (!isGoogleWorkspaceError(error)) throw error;
      fail(id, error, linkFor?.(error));
    }
  }

  let key: ServiceAccountKey | null = null;
  if ('unreadable' in input.key) {
    fail('key', new GoogleWorkspaceError('invalid_key', input.key.unreadable));
  } else {
    const json = input.key.json;
    await step('key', async () => {
      key = parseServiceAccountKey(json);
      return `Service account ${key.clientEmail}, client ID ${key.clientId}${key.projectId ? `, project ${key.projectId}` : ''}.`;
    });
  }
  const admin = input.adminEmail;
  if (key && 'json' in input.key) {
    const k: ServiceAccountKey = key;
    const client = input.clientFor(input.key.json);
    const authorise = () => ({
      href: delegationLink(k.clientId, input.scopes),
      text: 'Authorise in the Admin console',
    });
    const enable = (api: GoogleApi) => (e: GoogleWorkspaceError) =>
      apiDisabled(e)
        ? { href: enableApiLink(api, k.projectId ?? null), text: `Enable the ${GOOGLE_APIS[api].name}` }
        : undefined;

    await step(
      'directoryToken',
      async () => {
        await client.freshToken(admin, [DIRECTORY_SCOPE]);
        return `Google gave a new token for ${admin} with ${DIRECTORY_SCOPE}.`;
      },
      authorise,
    );
    await step(
      'gmailToken',
      async () => {
        await client.freshToken(admin, [GMAIL_SETTINGS_SCOPE]);
        return `Google gave a new token for ${admin} with ${GMAIL_SETTINGS_SCOPE}.`;
      },
      authorise,
    );

    if (passed('directoryToken')) {
      await step(
        'adminSdk',
        async () => {
          const user = await client.getUser(admin, admin);
          if (!user.isAdmin) throw notSuperAdmin(admin);
          return `The Admin SDK API answers, and Google says ${admin} is a super admin.`;
        },
        enable('admin'),
      );
    } else skip('adminSdk', 'directoryToken');

    if (passed('adminSdk')) {
      await step('directory', async () => {
        let people = 0;
        for await (const page of client.listDirectory(admin)) people += page.length;
        return `${people.toLocaleString('en-US')} ${people === 1 ? 'person' : 'people'} in the directory.`;
      });
    } else skip('directory', passed('directoryToken') ? 'adminSdk' : 'directoryToken');

    if (passed('gmailToken')) {
      await step(
        'gmailApi',
        async () => {
          try {
            const list = await client.listSendAs(admin);
            return `Gmail listed ${list.length} send-as ${list.length === 1 ? 'address' : 'addresses'} of ${admin}.`;
          } catch (error) {
            // The API answered: it is enabled, this admin simply has no mailbox.
            if (isGoogleWorkspaceError(error) && error.kind === 'mail_not_enabled')
              return `The Gmail API answers (${admin} has no Gmail mailbox of their own).`;
            throw error;
          }
        },
        enable('gmail'),
      );
    } else skip('gmailApi', 'gmailToken');
  } else {
    for (const id of ['directoryToken', 'gmailToken', 'adminSdk', 'directory', 'gmailApi'] as const) skip(id, 'key');
  }

  const refusal = input.publicUrl.refusal;
  lines.set('publicUrl', {
    id: 'publicUrl',
    label: labelOf('publicUrl'),
    state: refusal ? 'fail' : 'pass',
    detail: refusal ?? input.publicUrl.fine,
  });

  const ordered = CONNECTION_CHECKS.map((c) => lines.get(c.id)!);
  const ok = ordered.every((line) => line.id === 'publicUrl' || line.state === 'pass');
  return { ok, lines: ordered, firstError };
}

/** users.get answered isAdmin: false. */
export function notSuperAdmin(email: string): GoogleWorkspaceError {
  return new GoogleWorkspaceError(
    'not_admin',
    `Google says ${email} is not a super admin. Give the address of a super admin of the domain: only a super admin can authorise domain-wide delegation and is sure to read every person.`,
  );
}
