import { createHash } from 'node:crypto';
import { DIRECTORY_SCOPE, GMAIL_SETTINGS_SCOPE, GROUP_MEMBER_SCOPE } from './workspace-client';

/**
 * What the Google stand-in keeps and how it answers, in Google's own wire format: the people of a
 * pretend directory, the service accounts an admin authorised, and the shapes of Google's answers
 * (errors, send-as entries, directory users). The stand-in's routes are in google-stand-in.ts.
 */

export interface StandInPerson {
  primaryEmail: string;
  fullName: string;
  givenName: string;
  familyName: string;
  title?: string;
  department?: string;
  phones?: { type: string; value: string }[];
  orgUnitPath?: string;
  suspended?: boolean;
  archived?: boolean;
  /** false = no Gmail: the send-as calls answer 400 failedPrecondition "Mail service not enabled". */
  isMailboxSetup?: boolean;
  aliases?: string[];
  /** Aliases Gmail lists as not yet verified (`verificationStatus: pending`): nobody sends from them yet. */
  pendingAliases?: string[];
  /** A super admin: may read the directory (users.list answers 403 "Not Authorized" to non-admins). */
  isAdmin?: boolean;
  /** An admin with a role (say, Users → Read): reads the directory, but users.get says isAdmin: false. */
  isDelegatedAdmin?: boolean;
  /** Addresses of the Google groups this person belongs to (members.list answers from them). */
  groups?: string[];
}

/** A service account whose client ID an admin authorised (domain-wide delegation) for these scopes. */
export interface StandInClient {
  clientEmail: string;
  clientId: string;
  publicKeyPem: string;
  scopes: string[];
  /** The Workspace domain that authorised it: `sub` must be a person of it. */
  domain: string;
  /** The key was deleted: token requests answer invalid_grant. */
  revoked?: boolean;
}

export interface StandInGrant {
  clientEmail: string;
  sub: string;
  scopes: string[];
  expiresAt: number;
}

/** Where the stand-in keeps what Google would keep: in the database for TEST MODE, in memory for tests. */
export interface StandInStore {
  people(): Promise<StandInPerson[]>;
  person(email: string): Promise<StandInPerson | undefined>;
  putPeople(people: StandInPerson[]): Promise<void>;
  client(clientEmail: string): Promise<StandInClient | undefined>;
  putClient(client: StandInClient): Promise<void>;
  /** Signatures as Gmail stored them (after its sanitiser), by send-as address (lower-case). */
  signatures(): Promise<Map<string, string>>;
  setSignature(personEmail: string, sendAsEmail: string, html: string): Promise<void>;
  saveGrant(token: string, grant: StandInGrant): Promise<void>;
  grant(token: string): Promise<StandInGrant | undefined>;
}

/** `directory` is users.list; `users.get` is one person (so a test can fail one without the other). */
export type StandInRoute = 'token' | 'sendAs.list' | 'sendAs.patch' | 'directory' | 'users.get' | 'groups.members';

export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** What each scope lets through; Google accepts the wider scopes too. */
export const GMAIL_SCOPES = new Set([
  GMAIL_SETTINGS_SCOPE,
  'https://www.googleapis.com/auth/gmail.settings.sharing',
  'https://mail.google.com/',
]);
export const DIRECTORY_SCOPES = new Set([DIRECTORY_SCOPE, 'https://www.googleapis.com/auth/admin.directory.user']);
export const GROUP_SCOPES = new Set([
  GROUP_MEMBER_SCOPE,
  'https://www.googleapis.com/auth/admin.directory.group.member',
  'https://www.googleapis.com/auth/admin.directory.group.readonly',
  'https://www.googleapis.com/auth/admin.directory.group',
]);

const REASON_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** The body of an error from Google's APIs (Gmail, Admin SDK). */
export function googleErrorBody(code: number, message: string, reason: string, status?: string) {
  return {
    error: {
      code,
      message,
      errors: [{ message, domain: 'global', reason }],
      status: status ?? REASON_STATUS[code] ?? 'UNKNOWN',
    },
  };
}

/**
 * A light sanitiser like Gmail's: scripts, frames, forms, event handlers and javascript: URLs go;
 * the rest is stored as given. Gmail answers (and later lists) the stored copy, not what was sent.
 */
export function sanitiseSignature(html: string): string {
  return html
    .replace(/<(script|style|iframe|object|embed|form|textarea|select|button)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\/?(script|style|iframe|object|embed|form|input|textarea|select|button|meta|link|base)\b[^>]*>/gi, '')
    .replace(/\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/(href|src)\s*=\s*(["']?)\s*(?:javascript|vbscript|data:text\/html)[^"'\s>]*\2/gi, '');
}

/** One segment of a JWT as an object, or null. */
export function decodeSegment(segment: string | undefined): Record<string, unknown> | null {
  if (!segment) return null;
  try {
    const value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Gmail's send-as list of a person: accepted aliases, pending ones, then the primary address. */
export function sendAsList(person: StandInPerson, stored: Map<string, string>) {
  const primary = {
    sendAsEmail: person.primaryEmail,
    displayName: person.fullName,
    replyToAddress: '',
    signature: stored.get(person.primaryEmail.toLowerCase()) ?? '',
    isPrimary: true,
    isDefault: true,
  };
  const alias = (address: string, verificationStatus: 'accepted' | 'pending') => ({
    sendAsEmail: address,
    displayName: person.fullName,
    replyToAddress: '',
    signature: stored.get(address.toLowerCase()) ?? '',
    isDefault: false,
    treatAsAlias: true,
    verificationStatus,
  });
  const aliases = (person.aliases ?? []).map((address) => alias(address, 'accepted'));
  const pending = (person.pendingAliases ?? []).map((address) => alias(address, 'pending'));
  return [...aliases, ...pending, primary];
}

/** A person as the Directory API's users.get and users.list show them. */
export function directoryUser(p: StandInPerson) {
  return {
    kind: 'admin#directory#user',
    id: createHash('sha256')
      .update(p.primaryEmail.toLowerCase())
      .digest('hex')
      .slice(0, 21)
      .replace(/[a-f]/g, (c) => String(c.charCodeAt(0) % 10)),
    primaryEmail: p.primaryEmail,
    name: { givenName: p.givenName, familyName: p.familyName, fullName: p.fullName },
    isAdmin: p.isAdmin === true,
    isDelegatedAdmin: p.isDelegatedAdmin === true,
    suspended: p.suspended === true,
    archived: p.archived === true,
    orgUnitPath: p.orgUnitPath ?? '/',
    isMailboxSetup: p.isMailboxSetup !== false,
    ...(p.aliases?.length ? { aliases: p.aliases } : {}),
    ...(p.title || p.department
      ? {
          organizations: [
            {
              ...(p.title ? { title: p.title } : {}),
              ...(p.department ? { department: p.department } : {}),
              primary: true,
              customType: '',
            },
          ],
        }
      : {}),
    ...(p.phones?.length ? { phones: p.phones } : {}),
  };
}

/** An answer sent as given: status, headers and body. */
export interface StandInAnswer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

/**
 * What a test harness sees of each request (src/test-support/google-stand-in-harness.ts): it may
 * count it and answer in Google's place. TEST MODE has none, so it keeps nothing per request.
 */
export interface StandInHooks {
  /** `key`: the assertion's `sub` (token), the send-as address (a patch); lower-case. */
  received(route: StandInRoute, key?: string): StandInAnswer | undefined;
}

export interface StandInState {
  store: StandInStore;
  /** Added to every answer; settable while running. */
  latencyMs: number;
  /** The stand-in's clock (token lifetimes); tests move it with the client's. */
  now: () => number;
  hooks?: StandInHooks;
  addPeople(people: StandInPerson[]): Promise<void>;
  /** Authorises a service account (domain-wide delegation) for its scopes in its domain. */
  grant(client: StandInClient): Promise<void>;
  /** Deletes the key: its next token requests answer invalid_grant. */
  revoke(clientEmail: string): Promise<void>;
  storedSignature(sendAsEmail: string): Promise<string | undefined>;
}

/** The stand-in's state over a store. */
export function createStandInState(
  store: StandInStore,
  options: { latencyMs?: number; now?: () => number } = {},
): StandInState {
  return {
    store,
    latencyMs: options.latencyMs ?? 0,
    now: options.now ?? Date.now,
    addPeople: (people) => store.putPeople(people),
    grant: (client) => store.putClient(client),
    async revoke(clientEmail) {
      const client = await store.client(clientEmail);
      if (client) await store.putClient({ ...client, revoked: true });
    },
    storedSignature: async (sendAsEmail) => (await store.signatures()).get(sendAsEmail.toLowerCase()),
  };
}
