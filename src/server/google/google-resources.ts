/** What the Workspace module keeps of Google's Directory users and Gmail send-as addresses. */

export interface DirectoryPerson {
  primaryEmail: string;
  aliases: string[];
  fullName: string;
  givenName: string;
  familyName: string;
  title: string | null;
  department: string | null;
  phones: { type: string; value: string }[];
  orgUnitPath: string;
  suspended: boolean;
  /** Archived users (an archived user licence) have no active mailbox: left out like suspended ones. */
  archived: boolean;
  isMailboxSetup: boolean;
  thumbnailPhotoUrl: string | null;
}

export interface SendAs {
  sendAsEmail: string;
  displayName: string;
  signature: string;
  isPrimary: boolean;
  isDefault: boolean;
  treatAsAlias: boolean;
  verificationStatus: string | null;
}

/** What users.list is asked for: the sync's fields only. */
export const DIRECTORY_FIELDS =
  'nextPageToken,users(primaryEmail,name,organizations,phones,orgUnitPath,suspended,archived,isMailboxSetup,aliases)';

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A Directory API user resource, as the fields the Workspace module keeps. */
export function toDirectoryPerson(raw: unknown): DirectoryPerson | null {
  if (!raw || typeof raw !== 'object') return null;
  const u = raw as Record<string, unknown>;
  const primaryEmail = str(u.primaryEmail);
  if (!primaryEmail) return null;
  const name = (u.name && typeof u.name === 'object' ? u.name : {}) as Record<string, unknown>;
  const organizations = Array.isArray(u.organizations) ? (u.organizations as Record<string, unknown>[]) : [];
  const org = organizations.find((o) => o && o.primary === true) ?? organizations[0];
  const phones = Array.isArray(u.phones)
    ? (u.phones as Record<string, unknown>[])
        .filter((p) => p && typeof p.value === 'string' && p.value !== '')
        .map((p) => ({ type: str(p.type) ?? 'work', value: p.value as string }))
    : [];
  const givenName = str(name.givenName) ?? '';
  const familyName = str(name.familyName) ?? '';
  return {
    primaryEmail,
    aliases: Array.isArray(u.aliases) ? (u.aliases as unknown[]).filter((a): a is string => typeof a === 'string') : [],
    fullName: str(name.fullName) ?? [givenName, familyName].filter(Boolean).join(' '),
    givenName,
    familyName,
    title: org ? str(org.title) : null,
    department: org ? str(org.department) : null,
    phones,
    orgUnitPath: str(u.orgUnitPath) ?? '/',
    suspended: u.suspended === true,
    archived: u.archived === true,
    // Google omits isMailboxSetup for some accounts; only an explicit false means no mailbox.
    isMailboxSetup: u.isMailboxSetup !== false,
    thumbnailPhotoUrl: str(u.thumbnailPhotoUrl),
  };
}

export function toSendAs(raw: unknown): SendAs {
  const s = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    sendAsEmail: typeof s.sendAsEmail === 'string' ? s.sendAsEmail : '',
    displayName: typeof s.displayName === 'string' ? s.displayName : '',
    signature: typeof s.signature === 'string' ? s.signature : '',
    isPrimary: s.isPrimary === true,
    isDefault: s.isDefault === true,
    treatAsAlias: s.treatAsAlias === true,
    verificationStatus: typeof s.verificationStatus === 'string' ? s.verificationStatus : null,
  };
}
