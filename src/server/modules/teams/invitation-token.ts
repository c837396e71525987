import { createHmac } from 'node:crypto';
import { sameSecret } from '../../crypto/constant-time';
import { deriveKey } from '../../crypto/derived-keys';

/**
 * The accept link's token: the invitation id and an HMAC over the id and its expiry. Nothing
 * secret is stored, so a copy of the database cannot be turned into working links, and a
 * re-invite (a new expiry) retires the previous link. The member list shows ids to admins; an id
 * alone opens nothing.
 */
export function createInvitationTokens(sessionSecret: string) {
  const secret = deriveKey(sessionSecret, 'invitation-token');
  const sign = (id: string, expiresAt: Date) =>
    createHmac('sha256', secret).update(`invitation:${id}:${expiresAt.getTime()}`).digest('base64url');
  const tokenFor = (invitation: { id: string; expiresAt: Date }) =>
    `${invitation.id}.${sign(invitation.id, invitation.expiresAt)}`;

  return {
    tokenFor,

    /** The invitation id the token names, before its signature is checked against the stored expiry. */
    idOf(token: string): string | null {
      const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/i.exec(token);
      return match ? match[1]!.toLowerCase() : null;
    },

    verify(token: string, invitation: { id: string; expiresAt: Date }): boolean {
      return sameSecret(token, tokenFor(invitation));
    },
  };
}
export type InvitationTokens = ReturnType<typeof createInvitationTokens>;
