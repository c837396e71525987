import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { invitation, user } from '../../db/schema/auth.schema';
import {
  expectRefusal,
  inviteBy,
  makeOwner,
  makePerson,
  membershipOf,
  useServiceWorld,
} from '../../../test-support/service-world';
import { backdateInvitation } from '../../../test-support/team-world';
import { describeEachDatabase } from '../../../test-support/test-app';
import { INVITATION_TTL_MS } from './invitations.service';

const INVALID_LINK = 'This invitation link is invalid or has been withdrawn. Please ask for a new invitation.';

/** The invitations service called directly: the accept token, expiry, the resend cooldown and who may accept. */
describeEachDatabase('invitations service', (kind) => {
  const world = useServiceWorld(kind);

  it('mails an accept link whose token is the invitation id signed with its expiry; a forged or altered token opens nothing', async () => {
    const w = world();
    const owner = await makeOwner(w, 'Ines Inviter');
    const guest = await makePerson(w, 'Gina Guest');
    const { entry, token } = await inviteBy(w, owner, guest.email, 'admin');
    const mail = w.mails.at(-1)!;
    expect(mail).toMatchObject({ to: guest.email, kind: 'invitation' });
    expect(mail.text).toContain(`http://localhost:5000/invitations/${encodeURIComponent(token)}`);
    const [row] = await w.db.select().from(invitation).where(eq(invitation.id, entry.id));
    expect(token).toBe(w.tokens.tokenFor(row!));
    expect(token.startsWith(`${entry.id}.`)).toBe(true);
    expect(entry).toMatchObject({ kind: 'invitation', email: guest.email, role: 'admin', status: 'pending' });
    expect(Date.parse(entry.expiresAt!) - Date.now()).toBeGreaterThan(INVITATION_TTL_MS - 60_000);

    expect(await w.invitations.previewInvitation(token, null)).toMatchObject({
      organizationName: "Ines Inviter's organization",
      inviterName: 'Ines Inviter',
      email: guest.email,
      role: 'admin',
      status: 'pending',
      viewer: null,
    });
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [altered, entry.id, `${entry.id}.${'x'.repeat(43)}`, 'not-a-token']) {
      await expectRefusal(w.invitations.previewInvitation(bad, null), 'NOT_FOUND', INVALID_LINK);
      await expectRefusal(w.invitations.acceptInvitation(guest.id, bad), 'NOT_FOUND', INVALID_LINK);
    }
  });

  it('only the invited address may accept; accepting twice is harmless for the one who joined', async () => {
    const w = world();
    const owner = await makeOwner(w, 'Ines Inviter');
    const guest = await makePerson(w, 'Gus Guest');
    const stranger = await makePerson(w, 'Sam Stranger');
    const { token } = await inviteBy(w, owner, guest.email);
    await expectRefusal(
      w.invitations.acceptInvitation(stranger.id, token),
      'FORBIDDEN',
      `This invitation was sent to ${guest.email}. Please log in with that email address to accept it.`,
    );
    expect((await w.invitations.previewInvitation(token, stranger.id)).viewer).toMatchObject({
      email: stranger.email,
      emailMatches: false,
    });
    const joined = await w.invitations.acceptInvitation(guest.id, token);
    expect(joined).toMatchObject({ organization: { id: owner.organizationId }, role: 'member' });
    expect(await w.invitations.acceptInvitation(guest.id, token)).toEqual(joined);
    expect((await w.invitations.previewInvitation(token, guest.id)).status).toBe('accepted');
    expect((await membershipOf(w, guest.id)).organizationId).toBe(owner.organizationId);
  });

  it('an expired invitation says so, and a re-invite gives a fresh week with a new link', async () => {
    const w = world();
    const owner = await makeOwner(w, 'Eve Expiry');
    const guest = await makePerson(w, 'Late Guest');
    const { entry, token } = await inviteBy(w, owner, guest.email);
    await backdateInvitation(w.db, entry.id, INVITATION_TTL_MS + 60_000);
    const oldToken = w.tokens.tokenFor((await w.db.select().from(invitation).where(eq(invitation.id, entry.id)))[0]!);
    expect((await w.invitations.previewInvitation(oldToken, null)).status).toBe('expired');
    await expectRefusal(
      w.invitations.acceptInvitation(guest.id, oldToken),
      'CONFLICT',
      'This invitation has expired. Please ask Eve Expiry to send a new one.',
    );
    // The token of the original expiry no longer verifies once the stored expiry moved.
    await expectRefusal(w.invitations.previewInvitation(token, null), 'NOT_FOUND', INVALID_LINK);

    const renewed = await w.invitations.resendInvitation(owner.id, entry.id);
    expect(renewed).toMatchObject({ id: entry.id, expired: false });
    const newToken = /\/invitations\/([^\s"?]+)/.exec(w.mails.at(-1)!.text)![1]!;
    expect(decodeURIComponent(newToken)).not.toBe(oldToken);
    await expectRefusal(w.invitations.previewInvitation(oldToken, null), 'NOT_FOUND', INVALID_LINK);
    expect((await w.invitations.previewInvitation(decodeURIComponent(newToken), null)).status).toBe('pending');
  });

  it('re-invite waits a minute after each send; withdrawing closes the link', async () => {
    const w = world();
    const owner = await makeOwner(w, 'Ines Inviter');
    const { entry, token } = await inviteBy(w, owner, 'cooldown@example.com');
    const sent = w.mails.length;
    await expectRefusal(
      w.invitations.resendInvitation(owner.id, entry.id),
      'RATE_LIMITED',
      'The invitation was just sent. Please wait a minute before sending it again.',
    );
    expect(w.mails.length).toBe(sent);
    await backdateInvitation(w.db, entry.id, 61_000);
    await w.invitations.resendInvitation(owner.id, entry.id);
    expect(w.mails.length).toBe(sent + 1);
    await expectRefusal(
      w.invitations.invite(owner.id, { email: 'cooldown@example.com', role: 'member' }),
      'CONFLICT',
      'That person has already been invited. Use Re-invite to send the invitation again.',
    );

    await w.invitations.cancelInvitation(owner.id, entry.id);
    const [row] = await w.db.select().from(invitation).where(eq(invitation.id, entry.id));
    expect(row?.status).toBe('canceled');
    await expectRefusal(
      w.invitations.cancelInvitation(owner.id, entry.id),
      'NOT_FOUND',
      'That invitation was not found.',
    );
    await expectRefusal(
      w.invitations.resendInvitation(owner.id, entry.id),
      'NOT_FOUND',
      'That invitation was not found.',
    );
    const current = w.tokens.tokenFor(row!);
    expect(token).not.toBe(current);
    await expectRefusal(w.invitations.acceptInvitation(owner.id, current), 'NOT_FOUND', INVALID_LINK);
  });

  it('refuses an unverified inviter and someone already in the team', async () => {
    const w = world();
    const owner = await makeOwner(w, 'Ines Inviter');
    await expectRefusal(
      w.invitations.invite(owner.id, { email: owner.email, role: 'member' }),
      'CONFLICT',
      'That person is already a member of your team.',
    );
    await w.db.update(user).set({ emailVerified: false }).where(eq(user.id, owner.id));
    await expectRefusal(
      w.invitations.invite(owner.id, { email: 'unverified@example.com', role: 'member' }),
      'FORBIDDEN',
      'Please verify your email address before inviting people: use the link or code we emailed you (you can ask for a new one on the editor page).',
    );
  });
});
