import type { AcceptInvitationResponse, InvitationPreview, TeamEntry } from '../../../shared/account-area-types';
import type { z } from 'zod';
import type { inviteSchema, TeamRole } from '../../../shared/validation/account-schemas';
import { AppError, forbidden, notFound } from '../../errors';
import type { MailMessage } from '../../mail/mailer';
import type { InvitationLimits } from './invitation-limits';
import { invitationMessage } from './invitation-mail';
import type { InvitationTokens } from './invitation-token';
import {
  assertCapability,
  requireCapability,
  requireManagerMembership,
  seatLimit,
  seatsFullError,
  seatUsage,
} from './team-access';
import type { InvitationRow, OrganizationRow, TeamsQueries, TeamsRepository } from './teams.repository';
import { DAY_MS } from '../../../shared/duration';

export const INVITATION_TTL_MS = 7 * DAY_MS;
/** Re-invite sends mail to someone else's inbox: at most once a minute per invitation. */
const RESEND_COOLDOWN_MS = 60 * 1000;

const invalidLink = () =>
  new AppError('NOT_FOUND', 'This invitation link is invalid or has been withdrawn. Please ask for a new invitation.');
const invitationNotFound = () => notFound('That invitation');

const roleOf = (row: InvitationRow): TeamRole => (row.role === 'admin' ? 'admin' : 'member');
const isExpired = (row: InvitationRow, now = Date.now()) => row.expiresAt.getTime() <= now;

function toEntry(row: InvitationRow): TeamEntry {
  return {
    id: row.id,
    kind: 'invitation',
    email: row.email,
    name: null,
    role: roleOf(row),
    status: 'pending',
    since: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: isExpired(row),
    isYou: false,
  };
}

export function createInvitationsService(deps: {
  repository: TeamsRepository;
  limits: InvitationLimits;
  tokens: InvitationTokens;
  /** The app's mail path (the durable outbox when there is one). */
  sendMail(message: MailMessage): Promise<void>;
  publicUrl: string;
}) {
  const { tokens, repository, limits } = deps;

  /** Counts the mail first (refusing past the limits), and gives the count back if the work fails. */
  async function withSendSlot<T>(organizationId: string, inviterId: string, work: () => Promise<T>): Promise<T> {
    await limits.assertVerifiedInviter(inviterId);
    const slot = await limits.reserve({ organizationId, inviterId });
    try {
      return await work();
    } catch (error) {
      await slot.release();
      throw error;
    }
  }

  async function assertSeatFree(tx: TeamsQueries, org: OrganizationRow) {
    const usage = await seatUsage(tx, org);
    if (usage.used >= usage.limit) throw seatsFullError(usage.limit);
  }

  async function sendInvitation(row: InvitationRow, org: OrganizationRow, inviterId: string) {
    const inviter = await repository.findUser(inviterId);
    await deps.sendMail(
      invitationMessage({
        to: row.email,
        organizationName: org.name,
        inviterName: inviter?.name.trim() || inviter?.email || 'A teammate',
        inviterEmail: inviter?.email ?? '',
        role: roleOf(row),
        token: tokens.tokenFor(row),
        expiresAt: row.expiresAt,
        publicUrl: deps.publicUrl,
      }),
    );
  }

  /** The invitation a token names, only when the token's signature matches its current expiry. */
  async function findByToken(token: string) {
    const id = tokens.idOf(token);
    const found = id ? await repository.findInvitationForAcceptPage(id) : undefined;
    if (!found || !tokens.verify(token, found.invitation)) throw invalidLink();
    return found;
  }

  /** What accepting would mean for this user: blocked, leaving an organization, or already in. */
  async function describeMove(userId: string, organizationId: string) {
    const current = await repository.findMembershipOfUser(userId);
    if (!current) return { alreadyMember: false, blockedReason: null, leaves: null };
    if (current.organization.id === organizationId) return { alreadyMember: true, blockedReason: null, leaves: null };
    const others = current.role === 'owner' ? await repository.countMembers(current.organization.id, userId) : 0;
    const blockedReason =
      others > 0
        ? `You own ${current.organization.name}, which has other members. Hand it over or delete it under Account › Danger Zone before joining another organization.`
        : null;
    return {
      alreadyMember: false,
      blockedReason,
      leaves: { name: current.organization.name, closes: current.role === 'owner' },
    };
  }

  return {
    async invite(userId: string, { email, role }: z.output<typeof inviteSchema>): Promise<TeamEntry> {
      const caller = await requireManagerMembership(repository, userId, 'invite people');
      await requireCapability(repository, caller, 'teamMembers');
      if (role === 'admin') await requireCapability(repository, caller, 'teamRoles');
      const orgId = caller.organization.id;
      const row = await withSendSlot(orgId, userId, () =>
        repository.inTransaction(async (tx) => {
          const org = (await tx.lockOrganization(orgId)) ?? caller.organization;
          if (await tx.findMemberByEmail(orgId, email))
            throw new AppError('CONFLICT', 'That person is already a member of your team.');
          const existing = await tx.findPendingInvitationByEmail(orgId, email);
          if (existing && !isExpired(existing)) {
            throw new AppError(
              'CONFLICT',
              'That person has already been invited. Use Re-invite to send the invitation again.',
            );
          }
          await assertSeatFree(tx, org);
          const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
          if (existing) await tx.closeInvitation(existing.id, 'canceled');
          return tx.insertInvitation({ organizationId: orgId, email, role, inviterId: userId, expiresAt });
        }),
      );
      await sendInvitation(row, caller.organization, userId);
      return toEntry(row);
    },

    /** Sends the invitation again with a fresh week; the previous link stops working. */
    async resendInvitation(userId: string, invitationId: string): Promise<TeamEntry> {
      const caller = await requireManagerMembership(repository, userId, 'send invitations');
      const orgId = caller.organization.id;
      const row = await withSendSlot(orgId, userId, () =>
        repository.inTransaction(async (tx) => {
          const org = (await tx.lockOrganization(orgId)) ?? caller.organization;
          const current = await tx.findInvitation(orgId, invitationId);
          if (!current || current.status !== 'pending') throw invitationNotFound();
          await requireCapability(repository, { ...caller, organization: org }, 'teamMembers');
          const sentAt = current.expiresAt.getTime() - INVITATION_TTL_MS;
          if (Date.now() - sentAt < RESEND_COOLDOWN_MS) {
            throw new AppError(
              'RATE_LIMITED',
              'The invitation was just sent. Please wait a minute before sending it again.',
            );
          }
          // An expired invitation gave its seat back; taking it up again needs a free one.
          if (isExpired(current)) await assertSeatFree(tx, org);
          return tx.renewInvitation(current.id, {
            expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
            inviterId: userId,
          });
        }),
      );
      await sendInvitation(row, caller.organization, userId);
      return toEntry(row);
    },

    /** Withdraws a pending invitation (removing a pending member); its link stops working. */
    async cancelInvitation(userId: string, invitationId: string): Promise<void> {
      const caller = await requireManagerMembership(repository, userId, 'withdraw invitations');
      const current = await repository.findInvitation(caller.organization.id, invitationId);
      if (!current || current.status !== 'pending') throw invitationNotFound();
      if (!(await repository.closeInvitation(current.id, 'canceled'))) throw invitationNotFound();
    },

    /** What the accept page shows; anyone holding the link may read it. */
    async previewInvitation(token: string, userId: string | null): Promise<InvitationPreview> {
      const found = await findByToken(token);
      const inv = found.invitation;
      const status =
        inv.status === 'pending' && isExpired(inv) ? 'expired' : (inv.status as InvitationPreview['status']);
      let viewer: InvitationPreview['viewer'] = null;
      const person = userId ? await repository.findUser(userId) : undefined;
      if (person) {
        viewer = {
          email: person.email,
          emailMatches: person.email === inv.email,
          ...(await describeMove(person.id, inv.organizationId)),
        };
      }
      return {
        organizationName: found.organizationName,
        inviterName: found.inviterName.trim() || found.inviterEmail,
        email: inv.email,
        role: roleOf(inv),
        status,
        expiresAt: inv.expiresAt.toISOString(),
        viewer,
      };
    },

    /**
     * Joins the signed-in person to the inviting organization, which becomes the one they work in:
     * they leave their current organization (closing it when they were its only member).
     */
    async acceptInvitation(userId: string, token: string): Promise<AcceptInvitationResponse> {
      const found = await findByToken(token);
      const inv = found.invitation;
      if (inv.status === 'canceled') throw invalidLink();
      const person = await repository.findUser(userId);
      if (!person) throw invalidLink();
      // The link was mailed to one address; only the account with that address may use it.
      if (person.email !== inv.email) {
        throw forbidden(
          `This invitation was sent to ${inv.email}. Please log in with that email address to accept it.`,
        );
      }
      const joined = { organization: { id: inv.organizationId, name: found.organizationName }, role: roleOf(inv) };
      if (inv.status === 'accepted') {
        if ((await describeMove(userId, inv.organizationId)).alreadyMember) return joined;
        throw new AppError('CONFLICT', 'This invitation has already been used. Please ask for a new one.');
      }
      if (isExpired(inv)) {
        throw new AppError(
          'CONFLICT',
          `This invitation has expired. Please ask ${found.inviterName.trim() || 'the person who invited you'} to send a new one.`,
        );
      }
      await repository.inTransaction(async (tx) => {
        const org = await tx.lockOrganization(inv.organizationId);
        if (!org) throw invalidLink();
        assertCapability(org, 'teamMembers');
        const current = await tx.findMembershipOfUser(userId);
        if (current?.organization.id !== org.id) {
          if (current?.role === 'owner') {
            if ((await tx.countMembers(current.organization.id, userId)) > 0) {
              throw new AppError(
                'CONFLICT',
                `You own ${current.organization.name}, which has other members. Hand it over or delete it under Account › Danger Zone before joining another organization.`,
              );
            }
            await tx.deleteOrganization(current.organization.id);
          } else if (current) {
            await tx.deleteMember(current.organization.id, current.memberId);
          }
          // This invitation already holds a seat; only the active members need to fit.
          const { limit } = seatLimit(org);
          if ((await tx.countMembers(org.id)) + 1 > limit) throw seatsFullError(limit);
          await tx.insertMember({ organizationId: org.id, userId, role: roleOf(inv) });
        }
        if (!(await tx.closeInvitation(inv.id, 'accepted'))) {
          throw new AppError('CONFLICT', 'This invitation has already been used. Please ask for a new one.');
        }
      });
      return joined;
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
