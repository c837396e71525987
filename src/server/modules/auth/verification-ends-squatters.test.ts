import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { account, session, user } from '../../db/schema/auth.schema';
import { cookieHeader, describeEachDatabase } from '../../../test-support/test-app';
import { newEmail, newIp, SUBJECTS, tokenFrom } from '../../../test-support/accounts';
import { useMailTestApp } from '../../../test-support/app-fixtures';
import { VERIFIED_SIGNED_IN, VERIFIED_SIGNED_OUT } from './email-verification.service';

/**
 * Someone signs up with another person's address and sets the password; the
 * verification mail reaches the real owner. When the owner proves the address, nothing the
 * squatter set up survives: not their sessions, not their password.
 */
describeEachDatabase('verifying an address ends what was set before it', (kind) => {
  const t = useMailTestApp(kind);

  it("the squatter's sessions and password are gone after the owner follows the link", async () => {
    const victim = newEmail('victim');
    const squatter = await t.signUp(
      { email: victim, password: 'Squatters-Passw0rd', name: 'Squatter' },
      { ip: newIp() },
    );
    const secondDevice = cookieHeader((await t.logIn(victim, 'Squatters-Passw0rd')).headers['set-cookie']);
    expect((await t.me(squatter.cookie)).statusCode).toBe(200);
    expect((await t.me(secondDevice)).statusCode).toBe(200);

    // The owner opens the link from their inbox, in their own browser (no session of this account).
    const token = tokenFrom(await t.mailTo(victim, SUBJECTS.verification), '/verify-email/');
    const res = await t.post('/api/auth/verify-email', { token }, { ip: newIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: VERIFIED_SIGNED_IN, email: victim, signedOut: true, signedIn: true });

    expect((await t.me(squatter.cookie)).statusCode).toBe(401);
    expect((await t.me(secondDevice)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/signatures', headers: { cookie: squatter.cookie } })).statusCode,
    ).toBe(401);
    expect((await t.logIn(victim, 'Squatters-Passw0rd')).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(user).where(eq(user.email, victim));
    expect(row!.emailVerified).toBe(true);
    // Only the session of the browser that opened the link is left, and no password.
    const sessions = await t.database.db.select().from(session).where(eq(session.userId, row!.id));
    expect(sessions).toHaveLength(1);
    expect(await t.database.db.select().from(account).where(eq(account.userId, row!.id))).toEqual([]);

    // The link signed that browser in, as a magic link would: no second e-mail needed.
    const owner = cookieHeader(res.headers['set-cookie']);
    const meOwner = await t.me(owner);
    expect(meOwner.statusCode).toBe(200);
    expect(meOwner.json().user).toMatchObject({ email: victim, emailVerified: true });

    // The owner chooses a password right there; it works, the squatter's still does not.
    const chosen = await t.post('/api/auth/choose-password', { newPassword: 'Owners-Passw0rd!' }, { cookie: owner });
    expect(chosen.statusCode).toBe(200);
    expect((await t.logIn(victim, 'Owners-Passw0rd!')).statusCode).toBe(200);
    expect((await t.logIn(victim, 'Squatters-Passw0rd')).statusCode).toBe(401);
    // Choosing is for a first password only: changing one needs the current password.
    const again = await t.post('/api/auth/choose-password', { newPassword: 'Another-Passw0rd!' }, { cookie: owner });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already has a password/);
    expect((await t.post('/api/auth/choose-password', { newPassword: 'Owners-Passw0rd!' })).statusCode).toBe(401);
  });

  it('the same for a code typed without signing in', async () => {
    const victim = newEmail('victim-code');
    const squatter = await t.signUp({ email: victim, password: 'Squatters-Passw0rd' }, { ip: newIp() });
    const mail = await t.mailTo(victim, SUBJECTS.verification);
    const res = await t.post('/api/auth/verify-email', { token: mail.code, email: victim }, { ip: newIp() });
    expect(res.statusCode).toBe(200);
    // Six digits prove less than the link: the code signs no browser in.
    expect(res.json()).toMatchObject({ message: VERIFIED_SIGNED_OUT, signedOut: true });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await t.me(squatter.cookie)).statusCode).toBe(401);
    expect((await t.logIn(victim, 'Squatters-Passw0rd')).statusCode).toBe(401);
  });

  it("verified from the account's own session: that session and the password stay, other sessions end", async () => {
    const owner = await t.signUp({}, { ip: newIp() });
    const other = cookieHeader((await t.logIn(owner.email, owner.password)).headers['set-cookie']);
    const mail = await t.mailTo(owner.email, SUBJECTS.verification);
    const res = await t.post(
      '/api/auth/verify-email',
      { token: tokenFrom(mail, '/verify-email/') },
      { ip: newIp(), cookie: owner.cookie },
    );
    expect(res.json()).toMatchObject({ message: 'Email verified!' });
    expect((await t.me(owner.cookie)).json().user.emailVerified).toBe(true);
    expect((await t.me(other)).statusCode).toBe(401);
    expect((await t.logIn(owner.email, owner.password)).statusCode).toBe(200);
  });
});
