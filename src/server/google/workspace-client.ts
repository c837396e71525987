import { GoogleWorkspaceError } from './errors';
import { createGoogleCall, type GoogleCallOptions } from './google-call';
import { DIRECTORY_FIELDS, toDirectoryPerson, toSendAs, type DirectoryPerson, type SendAs } from './google-resources';

/**
 * A thin client for the three Google calls the Workspace feature makes (token, Gmail send-as,
 * Directory users), over `fetch`, with the JWT-bearer grant signed by node:crypto. No googleapis
 * package: see docs/decisions/0110.
 */

export const GMAIL_SETTINGS_SCOPE = 'https://www.googleapis.com/auth/gmail.settings.basic';
export const DIRECTORY_SCOPE = 'https://www.googleapis.com/auth/admin.directory.user.readonly';
/** Optional (docs/decisions/0236): read with a token of its own, so a missing grant never fails a sync. */
export const GROUP_MEMBER_SCOPE = 'https://www.googleapis.com/auth/admin.directory.group.member.readonly';
/** Gmail refuses a longer signature with 400 invalidArgument; we refuse it before any call. */
export const SIGNATURE_MAX_CHARS = 10_000;

export interface GoogleEndpoints {
  tokenUrl: string;
  gmailApiUrl: string;
  directoryApiUrl: string;
}

/** Google's own endpoints (the defaults of GOOGLE_TOKEN_URL, GOOGLE_GMAIL_API_URL, GOOGLE_DIRECTORY_API_URL). */
export const GOOGLE_ENDPOINTS: GoogleEndpoints = {
  tokenUrl: 'https://oauth2.googleapis.com/token',
  gmailApiUrl: 'https://gmail.googleapis.com',
  directoryApiUrl: 'https://admin.googleapis.com',
};

export interface WorkspaceClientOptions extends GoogleCallOptions {
  endpoints: GoogleEndpoints;
}

export interface WorkspaceClient {
  /** One yield per page; active people only (query isSuspended=false). The caller still skips suspended / !isMailboxSetup. */
  listDirectory(adminEmail: string, options?: { pageSize?: number }): AsyncGenerator<DirectoryPerson[]>;
  listSendAs(personEmail: string): Promise<SendAs[]>;
  /** The entry with isPrimary (never simply the first). */
  primarySendAs(personEmail: string): Promise<SendAs>;
  /** Refuses > 10,000 characters (kind too_long) before any call; answers the copy Gmail stored (sanitised). */
  patchSignature(personEmail: string, sendAsEmail: string, html: string): Promise<SendAs>;
  /**
   * A NEW token for the admin with both scopes (signed now, never from the cache: the key must
   * prove itself to Google), then users.list maxResults=1: the one harmless call.
   */
  checkConnection(adminEmail: string): Promise<void>;
  /** Signs a new assertion and asks Google for a new token (never the cache); the token is then cached. */
  freshToken(sub: string, scopes: readonly string[]): Promise<void>;
  /** Directory users.get as the admin: what Google says of one person (`isAdmin`: a super admin). */
  getUser(adminEmail: string, userKey: string): Promise<{ primaryEmail: string; isAdmin: boolean }>;
  /** Directory members.list of one group, nested groups' people included: the people's addresses. */
  listGroupMembers(adminEmail: string, groupKey: string): Promise<string[]>;
  readonly stats: { tokenRequests: number; retries: number; calls: number };
}

/** The length Gmail's 10,000-character rule is checked against (UTF-16 units: never more lenient than Google). */
export function signatureLength(html: string): number {
  return html.length;
}

export function createWorkspaceClient(options: WorkspaceClientOptions): WorkspaceClient {
  const endpoints = {
    tokenUrl: options.endpoints.tokenUrl,
    gmailApiUrl: options.endpoints.gmailApiUrl.replace(/\/+$/, ''),
    directoryApiUrl: options.endpoints.directoryApiUrl.replace(/\/+$/, ''),
  };
  const { call, accessToken, stats } = createGoogleCall(options, endpoints.tokenUrl, [
    GMAIL_SETTINGS_SCOPE,
    DIRECTORY_SCOPE,
  ]);

  const sendAsUrl = () => `${endpoints.gmailApiUrl}/gmail/v1/users/me/settings/sendAs`;

  function directoryUrl(pageSize: number, pageToken?: string): string {
    const params = new URLSearchParams({
      customer: 'my_customer',
      maxResults: String(pageSize),
      // Only the fields the sync uses (design/google-workspace.md): smaller pages, fewer quota surprises.
      projection: 'basic',
      fields: DIRECTORY_FIELDS,
      orderBy: 'email',
      query: 'isSuspended=false',
    });
    if (pageToken) params.set('pageToken', pageToken);
    return `${endpoints.directoryApiUrl}/admin/directory/v1/users?${params.toString()}`;
  }

  const client: WorkspaceClient = {
    stats,

    async *listDirectory(adminEmail, listOptions = {}) {
      const pageSize = Math.max(1, Math.min(500, listOptions.pageSize ?? 500));
      let pageToken: string | undefined;
      const seen = new Set<string>();
      let listed = 0;
      do {
        const page = await call<{ users?: unknown[]; nextPageToken?: string }>(
          'directory',
          adminEmail,
          [DIRECTORY_SCOPE],
          'GET',
          directoryUrl(pageSize, pageToken),
        );
        const people = (page.users ?? []).map(toDirectoryPerson).filter((p): p is DirectoryPerson => p !== null);
        listed += people.length;
        yield people;
        pageToken =
          typeof page.nextPageToken === 'string' && page.nextPageToken !== '' ? page.nextPageToken : undefined;
        // A page token seen before would loop for ever, and stopping quietly would hand the sync a
        // partial directory (everyone after it taken for gone): fail the read in words instead.
        if (pageToken && seen.has(pageToken)) throw repeatedDirectoryToken(seen.size + 1, listed);
        if (pageToken) seen.add(pageToken);
      } while (pageToken);
    },

    async listSendAs(personEmail) {
      const answer = await call<{ sendAs?: unknown[] }>(
        'gmail',
        personEmail,
        [GMAIL_SETTINGS_SCOPE],
        'GET',
        sendAsUrl(),
      );
      return (answer.sendAs ?? []).map(toSendAs);
    },

    async primarySendAs(personEmail) {
      const list = await client.listSendAs(personEmail);
      const primary = list.find((s) => s.isPrimary);
      if (!primary) {
        throw new GoogleWorkspaceError('not_found', `Gmail lists no primary address for ${personEmail}.`, {
          status: 404,
        });
      }
      return primary;
    },

    async patchSignature(personEmail, sendAsEmail, html) {
      const length = signatureLength(html);
      if (length > SIGNATURE_MAX_CHARS) {
        throw new GoogleWorkspaceError(
          'too_long',
          `The signature for ${sendAsEmail} is ${length.toLocaleString('en-US')} characters of HTML; Gmail accepts at most 10,000. Remove a line, a banner or some links and push again.`,
          { googleReason: 'invalidArgument' },
        );
      }
      const answer = await call<unknown>(
        'gmail',
        personEmail,
        [GMAIL_SETTINGS_SCOPE],
        'PATCH',
        `${sendAsUrl()}/${encodeURIComponent(sendAsEmail)}`,
        { signature: html },
      );
      return toSendAs(answer);
    },

    async checkConnection(adminEmail) {
      // One token with both scopes: unauthorized_client names every scope that is missing.
      const both = [GMAIL_SETTINGS_SCOPE, DIRECTORY_SCOPE];
      const url = directoryUrl(1);
      await call<unknown>('directory', adminEmail, both, 'GET', url, undefined, true);
    },

    async freshToken(sub, scopes) {
      await accessToken(sub, scopes, true);
    },

    async getUser(adminEmail, userKey) {
      const url = `${endpoints.directoryApiUrl}/admin/directory/v1/users/${encodeURIComponent(userKey)}?projection=basic&fields=primaryEmail,isAdmin`;
      const user = await call<{ primaryEmail?: unknown; isAdmin?: unknown }>(
        'directory',
        adminEmail,
        [DIRECTORY_SCOPE],
        'GET',
        url,
      );
      return {
        primaryEmail: typeof user.primaryEmail === 'string' ? user.primaryEmail : userKey,
        isAdmin: user.isAdmin === true,
      };
    },

    async listGroupMembers(adminEmail, groupKey) {
      const emails: string[] = [];
      const seen = new Set<string>();
      let pageToken = '';
      do {
        const params = new URLSearchParams({ includeDerivedMembership: 'true', maxResults: '200' });
        if (pageToken) params.set('pageToken', pageToken);
        const url = `${endpoints.directoryApiUrl}/admin/directory/v1/groups/${encodeURIComponent(groupKey)}/members?${params}`;
        const page = await call<{ members?: { email?: unknown; type?: unknown }[]; nextPageToken?: unknown }>(
          'directory',
          adminEmail,
          [GROUP_MEMBER_SCOPE],
          'GET',
          url,
        );
        for (const m of page.members ?? [])
          if (m.type === 'USER' && typeof m.email === 'string') emails.push(m.email.toLowerCase());
        pageToken = typeof page.nextPageToken === 'string' ? page.nextPageToken : '';
        // A token answered before would page in a circle for ever; a partial list would drop members
        // from their rules and campaigns, so the group is not read at all this time (decision 0262).
        if (pageToken && seen.has(pageToken)) throw repeatedPageToken(groupKey, seen.size + 1, emails.length);
        seen.add(pageToken);
      } while (pageToken);
      return emails;
    },
  };
  return client;
}

/** Google gave the directory a page token it had already given: stopped, in words. */
function repeatedDirectoryToken(pages: number, people: number) {
  return new GoogleWorkspaceError(
    'server_error',
    `Google answered page ${pages} of the directory with a page token it had already given (after ${people} people), so reading it would never end: stopped. Nobody was added or removed; the next sync reads the directory again.`,
    { googleReason: 'repeatedPageToken' },
  );
}

/** Google gave a group's member list a page token it had already given: stopped, in words. */
function repeatedPageToken(groupKey: string, pages: number, members: number) {
  return new GoogleWorkspaceError(
    'server_error',
    `Google answered page ${pages} of the members of ${groupKey} with a page token it had already given (after ${members} members), so reading it would never end: stopped. The group keeps the members read before; the next sync reads it again.`,
    { googleReason: 'repeatedPageToken' },
  );
}
