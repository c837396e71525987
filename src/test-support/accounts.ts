import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { BuildOptions } from '../server/app';
import { startSmtpTestServer, type CapturedMail, type SmtpTestServer } from './smtp-server';
import { buildTestApp, cookieHeader, type DatabaseKind, type TestApp } from './test-app';

/** Test-only helpers for the account flows: an app that mails a real SMTP server on loopback. */
export type MailTestApp = TestApp & { smtp: SmtpTestServer };

export const PUBLIC_URL = 'http://localhost:5000';

export async function buildMailTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<MailTestApp> {
  const smtp = await startSmtpTestServer();
  const t = await buildTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL, ...env }, options);
  return {
    ...t,
    smtp,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}

let ipCounter = 1;
/** A fresh client address per test, so per-address limits of one test never leak into another. */
export function newIp(): string {
  const n = ipCounter++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

let emailCounter = 0;
export function newEmail(label = 'user'): string {
  return `${label}-${Date.now().toString(36)}-${emailCounter++}@example.com`;
}

export const GOOD_PASSWORD = 'Sup3r-secret-pass';

type Send = { ip?: string; cookie?: string; headers?: Record<string, string> };

export function post(
  t: Pick<TestApp, 'app'>,
  url: string,
  payload: unknown,
  send: Send = {},
): Promise<LightMyRequestResponse> {
  const options: InjectOptions = {
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
    remoteAddress: send.ip ?? '127.0.0.1',
    headers: { ...(send.cookie ? { cookie: send.cookie } : {}), ...send.headers },
  };
  return t.app.inject(options);
}

export async function me(t: Pick<TestApp, 'app'>, cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
}

/** Signs up through the API; returns the session cookie (empty for an address already taken). */
export async function signUp(
  t: Pick<TestApp, 'app'>,
  overrides: Partial<{ email: string; password: string; name: string }> = {},
  send: Send = {},
) {
  const body = { email: newEmail(), password: GOOD_PASSWORD, name: 'Ada Lovelace', termsAccepted: true, ...overrides };
  const res = await post(t, '/api/auth/signup', body, send);
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { email: body.email, password: body.password, cookie: cookieHeader(res.headers['set-cookie']), res };
}

/** The newest mail of a kind to an address (subjects name the kind). */
export function waitForMail(smtp: SmtpTestServer, to: string, subject: RegExp, after = 0): Promise<CapturedMail> {
  return smtp.waitFor((m) => m.to.includes(to) && subject.test(m.subject) && smtp.mails.indexOf(m) >= after);
}

export const SUBJECTS = {
  verification: /Verify your email/,
  reset: /Reset your SignaturePro password/,
  magicLink: /sign-in link/,
  accountExists: /Someone tried to sign up/,
};

/** The path token of the first link in the mail that starts with PUBLIC_URL + prefix. */
export function tokenFrom(mail: CapturedMail, prefix: string): string {
  const link = mail.links.find((l) => l.startsWith(`${PUBLIC_URL}${prefix}`));
  if (!link) throw new Error(`no ${prefix} link in "${mail.subject}": ${mail.links.join(', ')}`);
  return decodeURIComponent(link.slice(`${PUBLIC_URL}${prefix}`.length));
}

/** Waits until no mail is added for a moment: for asserting that something was NOT sent. */
export async function settleMail(t: MailTestApp) {
  await t.app.services.mailer.drain();
  await new Promise((r) => setTimeout(r, 300));
}
