import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import type { BuildOptions } from '../server/app';
import {
  buildMailTestApp,
  me,
  newIp,
  post,
  settleMail,
  signUp,
  SUBJECTS,
  tokenFrom,
  waitForMail,
  type MailTestApp,
} from './accounts';
import type { CapturedMail } from './smtp-server';
import { buildTestApp, type DatabaseKind, type TestApp } from './test-app';

/**
 * Suite fixtures: `useTestApp(kind)` / `useMailTestApp(kind)` inside a `describeEachDatabase` body
 * build the suite's app before its tests and close it after them. The object they return is filled
 * in by that beforeAll, so tests read `t.app`, `t.database`, … as they would from their own `let t`.
 */
function useBuilt<T extends { close(): Promise<void> }>(build: () => Promise<T>): T {
  // Filled by beforeAll; nothing reads it before the suite's tests run.
  const fixture = {} as T;
  let built = false;
  beforeAll(async () => {
    Object.assign(fixture, await build());
    built = true;
  }, 60_000);
  afterAll(async () => {
    if (built) await fixture.close();
  });
  return fixture;
}

/** The suite's app on `kind` (see buildTestApp). */
export function useTestApp(kind: DatabaseKind, env: Record<string, string> = {}, options: BuildOptions = {}): TestApp {
  return useBuilt(() => buildTestApp(kind, env, options));
}

/** The links a person asks for by address: where to ask, the mail's subject, the link's path. */
export const REQUESTED_LINKS = {
  reset: { url: '/api/auth/forgot-password', subject: SUBJECTS.reset, prefix: '/reset-password/' },
  magicLink: { url: '/api/auth/send-magic-link', subject: SUBJECTS.magicLink, prefix: '/magic-link/' },
} as const;

type Send = { ip?: string; cookie?: string; headers?: Record<string, string> };

/** The suite's app mailing a capturing SMTP server, with the account flows' calls bound to it. */
export type MailFixture = MailTestApp & {
  /** POST through inject from `send.ip` (127.0.0.1 by default) as the holder of `send.cookie`. */
  post(url: string, payload: unknown, send?: Send): Promise<LightMyRequestResponse>;
  me(cookie: string): Promise<LightMyRequestResponse>;
  signUp(overrides?: Parameters<typeof signUp>[1], send?: Send): ReturnType<typeof signUp>;
  /** Logs in from a new address each time (per-address limits stay out of the way). */
  logIn(email: string, password: string): Promise<LightMyRequestResponse>;
  /** The newest mail to `to` whose subject matches, among those from index `after` on. */
  mailTo(to: string, subject: RegExp, after?: number): Promise<CapturedMail>;
  /**
   * Asks for a password reset or a sign-in link for `email` (from a new address unless `send.ip`),
   * expects 200, and returns the answer, the mail it sent and the link's token.
   */
  requestLink(
    link: keyof typeof REQUESTED_LINKS,
    email: string,
    send?: Send,
  ): Promise<{ res: LightMyRequestResponse; mail: CapturedMail; token: string }>;
  /** Waits until the outbox is empty and no mail arrives for a moment. */
  settle(): Promise<void>;
};

/**
 * The suite's mail-capturing app on `kind` (see buildMailTestApp); tests that fake the clock get
 * real timers back after each test.
 */
export function useMailTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: BuildOptions = {},
): MailFixture {
  const t: MailFixture = Object.assign(
    useBuilt(() => buildMailTestApp(kind, env, options)),
    {
      post: (url: string, payload: unknown, send: Send = {}) => post(t, url, payload, send),
      me: (cookie: string) => me(t, cookie),
      signUp: (overrides: Parameters<typeof signUp>[1] = {}, send: Send = {}) => signUp(t, overrides, send),
      logIn: (email: string, password: string) => post(t, '/api/auth/login', { email, password }, { ip: newIp() }),
      mailTo: (to: string, subject: RegExp, after = 0) => waitForMail(t.smtp, to, subject, after),
      async requestLink(link: keyof typeof REQUESTED_LINKS, email: string, send: Send = {}) {
        const { url, subject, prefix } = REQUESTED_LINKS[link];
        const before = t.smtp.mails.length;
        const res = await post(t, url, { email }, { ip: newIp(), ...send });
        expect(res.statusCode, res.body).toBe(200);
        const mail = await waitForMail(t.smtp, email, subject, before);
        return { res, mail, token: tokenFrom(mail, prefix) };
      },
      settle: () => settleMail(t),
    },
  );
  afterEach(() => vi.useRealTimers());
  return t;
}
