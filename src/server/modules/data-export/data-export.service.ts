import { forbidden, unauthenticated } from '../../errors';
import { toSavedSignature } from '../signatures/signatures.service';
import type { DataExportRepository } from './data-export.repository';

/** Names the format so a later reader (or an importer) knows what it holds. */
export const EXPORT_FORMAT = 'signaturepro-export/1';

type SignatureRow = Awaited<ReturnType<DataExportRepository['signaturesOf']>>[number];
type WorkspaceRows = Awaited<ReturnType<DataExportRepository['workspaceOf']>>;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * "Download my data" (GDPR article 20, portability): everything that is the person's, in one JSON
 * file a machine can read; and for an owner, everything that is the organization's.
 */
/** Stored paths (/objects/…) as the absolute URLs the signatures use, on the public origin. */
function exportedUrls(publicUrl: string) {
  const origin = publicUrl.replace(/\/$/, '');
  const absolute = (url: string) => (url.startsWith('/') ? `${origin}${url}` : url);
  const objectUrl = (objectKey: string | null) =>
    objectKey ? `${origin}/objects/${objectKey.replace(/^public\//, '')}` : null;
  /** The signature as the API answers it (one mapping: signatures.service), with absolute image URLs. */
  const toSignature = (row: SignatureRow) => {
    const { htmlSignature, ...saved } = toSavedSignature(row);
    return {
      ...saved,
      photoUrl: row.photoUrl ? absolute(row.photoUrl) : '',
      // The design as stored: an export shows what was saved, not the defaults filled in on reading.
      design: row.design,
      html: htmlSignature,
    };
  };
  return { absolute, objectUrl, toSignature };
}

/** Push log actors that are events, not people: shown as they are. */
const EVENT_ACTORS = new Set(['Schedule', 'Template change', 'Directory change', 'Check connection passed']);

/**
 * The person's Workspace data: their directory entries with their push status per send-as address,
 * and the push log about them. Who pushed is named only when it was the person themselves or an
 * event; another person's name and address are theirs, not this person's (docs/decisions/0136).
 */
function exportedWorkspace(userId: string, { entries, pushes, previous }: WorkspaceRows) {
  return {
    directoryEntries: entries.map(({ entry: p, organizationName }) => ({
      organization: organizationName,
      email: p.email,
      fullName: p.fullName,
      givenName: p.givenName,
      familyName: p.familyName,
      title: p.title,
      department: p.department,
      phones: p.phones,
      orgUnitPath: p.orgUnitPath,
      hasGmail: p.hasGmail,
      yourValues: p.overrides,
      pushStatus: p.pushStatus,
      pushedAt: iso(p.pushedAt),
      pushError: p.pushError,
      sendAs: Object.entries(p.sendAsState).map(([address, s]) => ({
        address,
        status: s.status,
        signature: s.label,
        pushedAt: s.pushedAt,
        error: s.error,
      })),
      syncedAt: iso(p.syncedAt),
      goneFromDirectoryAt: iso(p.goneAt),
    })),
    pushes: pushes.map((row) => ({
      at: iso(row.createdAt),
      address: row.sendAsEmail ?? row.personEmail,
      result: row.result,
      detail: row.detail,
      by: row.actorUserId === userId ? 'You' : EVENT_ACTORS.has(row.actor) ? row.actor : 'An administrator',
    })),
    // What Gmail held before a push overwrote it, kept for "Restore previous" (decision 0138).
    previousSignatures: previous.flatMap((row) =>
      Object.entries(row.previous).map(([address, signature]) => ({
        pushedAt: iso(row.createdAt),
        address,
        signature,
        restoredAt: iso(row.restoredAt),
      })),
    ),
  };
}

export function createDataExportService(deps: { repository: DataExportRepository; publicUrl: string }) {
  const { repository } = deps;
  const { absolute, objectUrl, toSignature } = exportedUrls(deps.publicUrl);

  return {
    async exportAccount(userId: string) {
      const person = await repository.findUser(userId);
      if (!person) throw unauthenticated();
      const personal = Promise.all([
        repository.memberships(userId),
        repository.sessions(userId),
        repository.signaturesOf(userId),
        repository.uploadsOf(userId),
        repository.activityOf(userId),
        repository.invitationsSentBy(userId),
        repository.subscriptionsOf(userId),
        repository.paymentsOf(userId),
      ]);
      const [rows, workspace] = await Promise.all([personal, repository.workspaceOf(userId)]);
      const [memberships, sessions, signatures, uploads, activity, invitationsSent, subscriptions, payments] = rows;
      return {
        format: EXPORT_FORMAT,
        exportedAt: new Date().toISOString(),
        account: {
          id: person.id,
          email: person.email,
          name: person.name,
          emailVerified: person.emailVerified,
          timezone: person.timezone,
          subscriptionStatus: person.subscriptionStatus,
          subscriptionPlan: person.subscriptionPlan,
          createdAt: iso(person.createdAt),
        },
        organizations: memberships.map((m) => ({
          id: m.organizationId,
          name: m.name,
          role: m.role,
          joinedAt: iso(m.joinedAt),
        })),
        signatures: signatures.map(toSignature),
        uploads: uploads.map((u) => ({
          id: u.id,
          url: objectUrl(u.objectKey),
          contentType: u.contentType,
          width: u.width,
          height: u.height,
          bytes: u.bytes,
          createdAt: iso(u.createdAt),
        })),
        invitationsSent: invitationsSent.map((i) => ({
          ...i,
          createdAt: iso(i.createdAt),
          expiresAt: iso(i.expiresAt),
        })),
        subscriptions: subscriptions.map((s) => ({
          ...s,
          trialEndsAt: iso(s.trialEndsAt),
          currentPeriodEnd: iso(s.currentPeriodEnd),
          canceledAt: iso(s.canceledAt),
          createdAt: iso(s.createdAt),
        })),
        payments: payments.map((p) => ({ ...p, createdAt: iso(p.createdAt) })),
        sessions: sessions.map((s) => ({
          createdAt: iso(s.createdAt),
          lastActiveAt: iso(s.lastActiveAt),
          expiresAt: iso(s.expiresAt),
          userAgent: s.userAgent,
          ipAddress: s.ipAddress,
        })),
        activity: activity.map((a) => ({ event: a.name, properties: a.properties, at: iso(a.createdAt) })),
        googleWorkspace: exportedWorkspace(userId, workspace),
      };
    },

    /** The organization's own data, for its owner: settings, members, invitations and every member's signatures. */
    async exportOrganization(userId: string) {
      const memberships = await repository.memberships(userId);
      const owned = memberships.find((m) => m.role === 'owner');
      if (!owned) {
        throw forbidden(
          memberships.length === 0
            ? 'You are not part of an organization, so there is no organization to export.'
            : "Only the organization's owner can download the organization's data. Your own data is under Profile.",
        );
      }
      const organizationId = owned.organizationId;
      const [org, members, invitations, signatures] = await Promise.all([
        repository.organization(organizationId),
        repository.membersOf(organizationId),
        repository.invitationsOf(organizationId),
        repository.signaturesOfOrganization(organizationId),
      ]);
      if (!org) throw forbidden('That organization no longer exists.');
      return {
        format: EXPORT_FORMAT,
        exportedAt: new Date().toISOString(),
        organization: {
          id: org.id,
          name: org.name,
          domain: org.domain,
          logo: org.logo ? absolute(org.logo) : null,
          plan: org.plan,
          trialEndsAt: iso(org.trialEndsAt),
          seats: org.seats,
          signatureDefaults: org.signatureDefaults,
          createdAt: iso(org.createdAt),
        },
        members: members.map((m) => ({ ...m, joinedAt: iso(m.joinedAt) })),
        invitations: invitations.map((i) => ({ ...i, createdAt: iso(i.createdAt), expiresAt: iso(i.expiresAt) })),
        signatures: signatures.map((s) => ({ owner: s.ownerEmail, ...toSignature(s.signature) })),
      };
    },
  };
}
export type DataExportService = ReturnType<typeof createDataExportService>;
