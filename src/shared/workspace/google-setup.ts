/**
 * What the connect page and "Check connection" tell a Workspace admin, the same in the browser and
 * on the server: what a pasted key says about itself, the Admin console link that authorises it, the
 * Cloud console pages that enable its APIs, and the names of the checks (design/google-workspace.md,
 * "What fails first against real Google").
 */

/** The domain of an address, lower-case (`ada@Acme.com` → `acme.com`). */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The two APIs a service account's Cloud project must have enabled. */
export const GOOGLE_APIS = {
  gmail: { name: 'Gmail API', service: 'gmail.googleapis.com' },
  admin: { name: 'Admin SDK API', service: 'admin.googleapis.com' },
} as const;
export type GoogleApi = keyof typeof GOOGLE_APIS;

/** What a pasted key file says about itself, read before anything is sent (no secret in it is kept). */
export type KeyPreview =
  { ok: true; clientId: string; projectId: string | null; clientEmail: string } | { ok: false; reason: string };

/**
 * Reads `client_id`, `project_id` and `client_email` from a pasted service account key. Only the
 * shape is checked here; the server still parses the private key and asks Google.
 */
export function readKeyPreview(text: string): KeyPreview {
  if (text.trim() === '') return { ok: false, reason: 'Paste the key file to see its client ID.' };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'This is not JSON yet: paste the whole key file, from { to }.' };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    return { ok: false, reason: 'This is not a service account key file (a JSON object).' };
  const o = data as Record<string, unknown>;
  const str = (name: string) => {
    const value = o[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  if (o.type !== undefined && o.type !== 'service_account')
    return {
      ok: false,
      reason: `Its "type" is ${JSON.stringify(o.type)}, not "service_account": an OAuth client file is not a service account key.`,
    };
  const clientId = str('client_id');
  const clientEmail = str('client_email');
  if (!clientId || !/^\d+$/.test(clientId))
    return { ok: false, reason: 'This file has no numeric "client_id": it is not a service account key.' };
  if (!clientEmail) return { ok: false, reason: 'This file has no "client_email": it is not a service account key.' };
  return { ok: true, clientId, projectId: str('project_id'), clientEmail };
}

/**
 * Google's Admin console page that adds a client ID with its scopes to domain-wide delegation, filled
 * in (the link GAM prints after `check serviceaccount`). The scopes stay as Google shows them.
 */
export function delegationLink(clientId: string, scopes: readonly string[]): string {
  return `https://admin.google.com/ac/owl/domainwidedelegation?clientIdToAdd=${encodeURIComponent(clientId)}&clientScopeToAdd=${scopes.join(',')}&overwriteClientId=true`;
}

/** The Cloud console page that enables one service (`gmail.googleapis.com`…) in a project (the project picker when unknown). */
export function enableServiceUrl(service: string, projectId: string | null | undefined): string {
  const base = `https://console.cloud.google.com/apis/library/${service}`;
  return projectId ? `${base}?project=${encodeURIComponent(projectId)}` : base;
}

/** The Cloud console page that enables one of the two APIs in the key's project. */
export function enableApiLink(api: GoogleApi, projectId: string | null): string {
  return enableServiceUrl(GOOGLE_APIS[api].service, projectId);
}

/** "Check connection", one line per check, in this order (each line names what it proved). */
export const CONNECTION_CHECKS = [
  { id: 'key', label: 'Key parses' },
  { id: 'directoryToken', label: 'Token for the directory scope' },
  { id: 'gmailToken', label: 'Token for the Gmail scope' },
  { id: 'adminSdk', label: 'Admin SDK enabled and the admin is a super admin' },
  { id: 'directory', label: 'Directory readable' },
  { id: 'gmailApi', label: 'Gmail API enabled' },
  { id: 'publicUrl', label: 'PUBLIC_URL public' },
] as const;
export type ConnectionCheckId = (typeof CONNECTION_CHECKS)[number]['id'];
/** pass / fail, or skipped: not tried because a check it needs failed. */
export type ConnectionCheckState = 'pass' | 'fail' | 'skipped';
