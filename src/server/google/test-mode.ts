import { escapeHtml } from '../../shared/signature/escape-html';
import { noStore } from '../http';
import { createHash } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import {
  googleTestClient,
  googleTestPerson,
  googleTestSignature,
  googleTestToken,
} from '../db/schema/google-test-mode.schema';
import {
  createStandInState,
  googleStandInPlugin,
  makeTestServiceAccount,
  type GoogleStandInState,
  type StandInClient,
  type StandInPerson,
  type StandInStore,
} from './google-stand-in';
import { DIRECTORY_SCOPE, GMAIL_SETTINGS_SCOPE } from './workspace-client';

/**
 * The embedded TEST MODE Workspace: the Google stand-in mounted in the app under /test-mode/google
 * when the server runs TEST MODE (decision 0140), with its state in the database (so it survives
 * restarts and is shared by every server process): each organization its own pretend domain.
 */

/** Every organization's pretend domain ends with this (a name no real domain can have). */
export const TEST_MODE_DOMAIN_SUFFIX = 'example-test.signaturepro.local';

/**
 * The organization's own pretend Workspace domain (decision 0140): its people, signatures and
 * service accounts are its own, and a token for one domain reads nothing of another.
 */
export function testModeDomain(organizationId: string): string {
  return `org-${createHash('sha256').update(organizationId).digest('hex').slice(0, 10)}.${TEST_MODE_DOMAIN_SUFFIX}`;
}

/** The sample super admin of a pretend domain. */
export const testModeAdminEmail = (domain: string) => `ada.admin@${domain}`;

/** The sample people of one organization's pretend domain: one without Gmail, one suspended, one with an alias, an admin. */
export function testModePeople(domain: string): StandInPerson[] {
  const at = (local: string) => `${local}@${domain}`;
  return [
    {
      primaryEmail: at('ada.admin'),
      fullName: 'Ada Admin',
      givenName: 'Ada',
      familyName: 'Admin',
      title: 'Head of Operations',
      department: 'Operations',
      phones: [{ type: 'work', value: '+1 555 0100' }],
      orgUnitPath: '/',
      isAdmin: true,
    },
    {
      primaryEmail: at('ben.carter'),
      fullName: 'Ben Carter',
      givenName: 'Ben',
      familyName: 'Carter',
      title: 'Account Executive',
      department: 'Sales',
      phones: [
        { type: 'work', value: '+1 555 0101' },
        { type: 'mobile', value: '+1 555 0199' },
      ],
      orgUnitPath: '/Sales',
    },
    {
      primaryEmail: at('chloe.dubois'),
      fullName: 'Chloé Dubois',
      givenName: 'Chloé',
      familyName: 'Dubois',
      title: 'Marketing Manager',
      department: 'Marketing',
      phones: [{ type: 'work', value: '+33 1 23 45 67 89' }],
      orgUnitPath: '/Marketing',
      aliases: [at('marketing')],
    },
    {
      primaryEmail: at('dev.patel'),
      fullName: 'Dev Patel',
      givenName: 'Dev',
      familyName: 'Patel',
      title: 'Software Engineer',
      department: 'Engineering',
      orgUnitPath: '/Engineering',
    },
    {
      primaryEmail: at('eva.noinbox'),
      fullName: 'Eva Lind',
      givenName: 'Eva',
      familyName: 'Lind',
      title: 'Contractor',
      department: 'Engineering',
      orgUnitPath: '/Engineering',
      isMailboxSetup: false,
    },
    {
      primaryEmail: at('frank.former'),
      fullName: 'Frank Moreau',
      givenName: 'Frank',
      familyName: 'Moreau',
      title: 'Sales Associate',
      department: 'Sales',
      orgUnitPath: '/Sales',
      suspended: true,
    },
  ];
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The stand-in's store over the google_test_* tables; seeds `seed` once (any process). */
export function createDatabaseStandInStore(db: Db, seed: StandInPerson[] = []): StandInStore {
  let seeded: Promise<void> | undefined;
  const ready = () =>
    (seeded ??= (async () => {
      if (seed.length === 0) return;
      await db
        .insert(googleTestPerson)
        .values(seed.map((p) => ({ email: p.primaryEmail.toLowerCase(), data: p })))
        .onConflictDoNothing();
    })().catch((error: unknown) => {
      seeded = undefined;
      throw error;
    }));

  const toClient = (row: typeof googleTestClient.$inferSelect): StandInClient => ({
    clientEmail: row.clientEmail,
    clientId: row.clientId,
    publicKeyPem: row.publicKeyPem,
    scopes: row.scopes,
    domain: row.domain,
    revoked: row.revoked,
  });

  return {
    async people() {
      await ready();
      const rows = await db.select().from(googleTestPerson);
      return rows.map((r) => r.data as StandInPerson);
    },
    async person(email) {
      await ready();
      const [row] = await db.select().from(googleTestPerson).where(eq(googleTestPerson.email, email.toLowerCase()));
      return row ? (row.data as StandInPerson) : undefined;
    },
    async putPeople(people) {
      await ready();
      for (const p of people) {
        await db
          .insert(googleTestPerson)
          .values({ email: p.primaryEmail.toLowerCase(), data: p })
          .onConflictDoUpdate({ target: googleTestPerson.email, set: { data: p } });
      }
    },
    async client(clientEmail) {
      const [row] = await db.select().from(googleTestClient).where(eq(googleTestClient.clientEmail, clientEmail));
      return row ? toClient(row) : undefined;
    },
    async putClient(client) {
      const values = {
        clientEmail: client.clientEmail,
        clientId: client.clientId,
        publicKeyPem: client.publicKeyPem,
        scopes: client.scopes,
        domain: client.domain,
        revoked: client.revoked === true,
      };
      await db
        .insert(googleTestClient)
        .values(values)
        .onConflictDoUpdate({ target: googleTestClient.clientEmail, set: values });
    },
    async signatures() {
      const rows = await db.select().from(googleTestSignature);
      return new Map(rows.map((r) => [r.sendAsEmail, r.signature]));
    },
    async setSignature(personEmail, sendAsEmail, html) {
      const values = {
        sendAsEmail: sendAsEmail.toLowerCase(),
        personEmail: personEmail.toLowerCase(),
        signature: html,
        updatedAt: new Date(),
      };
      await db
        .insert(googleTestSignature)
        .values(values)
        .onConflictDoUpdate({
          target: googleTestSignature.sendAsEmail,
          set: { signature: html, updatedAt: values.updatedAt },
        });
    },
    async saveGrant(token, grant) {
      await db.delete(googleTestToken).where(lt(googleTestToken.expiresAt, new Date()));
      await db.insert(googleTestToken).values({
        tokenHash: hashToken(token),
        clientEmail: grant.clientEmail,
        sub: grant.sub,
        scopes: grant.scopes,
        expiresAt: new Date(grant.expiresAt),
      });
    },
    async grant(token) {
      const [row] = await db
        .select()
        .from(googleTestToken)
        .where(eq(googleTestToken.tokenHash, hashToken(token)));
      return row
        ? { clientEmail: row.clientEmail, sub: row.sub, scopes: row.scopes, expiresAt: row.expiresAt.getTime() }
        : undefined;
    },
  };
}

/** The TEST MODE state: the database store, this process's counters and injected failures. */
export function createPersistentStandInState(
  db: Db,
  options: { seed?: StandInPerson[]; latencyMs?: number } = {},
): GoogleStandInState {
  return createStandInState(createDatabaseStandInStore(db, options.seed), {
    counting: false,
    ...(options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs }),
  });
}

/**
 * A new service account authorised (domain-wide delegation, both scopes) in the organization's own
 * pretend domain, whose sample people are seeded on first use: what the Workspace module's "Use
 * the TEST MODE Workspace" connects with, through the same client as Google.
 */
export async function createTestModeServiceAccount(
  state: GoogleStandInState,
  organizationId: string,
): Promise<{ keyJson: string; adminEmail: string; clientId: string; domain: string }> {
  const domain = testModeDomain(organizationId);
  const adminEmail = testModeAdminEmail(domain);
  if (!(await state.store.person(adminEmail))) await state.addPeople(testModePeople(domain));
  const account = makeTestServiceAccount(domain, [GMAIL_SETTINGS_SCOPE, DIRECTORY_SCOPE]);
  await state.grant(account.client);
  return { keyJson: account.keyJson, adminEmail, clientId: account.client.clientId, domain };
}

const inDomain = (email: string, domain: string) => email.toLowerCase().endsWith(`@${domain.toLowerCase()}`);

/** The labelled TEST MODE page of one pretend domain: each person and the Gmail signature "Google" stored for them. */
export async function renderTestModePage(state: GoogleStandInState, domain: string): Promise<string> {
  const people = (await state.store.people())
    .filter((p) => inDomain(p.primaryEmail, domain))
    .sort((a, b) => a.primaryEmail.localeCompare(b.primaryEmail));
  const signatures = await state.store.signatures();
  const rows = people
    .map((p) => {
      const status = p.suspended
        ? 'Suspended'
        : p.isMailboxSetup === false
          ? 'No Gmail (Mail service not enabled)'
          : 'Active';
      const addresses = [p.primaryEmail, ...(p.aliases ?? [])];
      const sigs = addresses
        .map((address) => {
          const stored = signatures.get(address.toLowerCase());
          const label = address === p.primaryEmail ? 'Primary' : 'Alias';
          if (stored === undefined || stored === '') {
            return `<div class="sig"><div class="addr">${label}: ${escapeHtml(address)}</div><p class="none">No signature stored yet.</p></div>`;
          }
          return `<div class="sig"><div class="addr">${label}: ${escapeHtml(address)}</div>
<iframe sandbox title="Gmail signature of ${escapeHtml(address)}" srcdoc="${escapeHtml(`<!doctype html><meta charset="utf-8"><body style="margin:8px;font-family:Arial,sans-serif">${stored}`)}"></iframe>
<details><summary>HTML as stored (${stored.length.toLocaleString('en-US')} characters)</summary><pre>${escapeHtml(stored)}</pre></details></div>`;
        })
        .join('');
      return `<section class="person">
<h2>${escapeHtml(p.fullName)} <span class="status ${p.suspended || p.isMailboxSetup === false ? 'off' : 'on'}">${escapeHtml(status)}</span></h2>
<p class="meta">${escapeHtml(p.primaryEmail)}${p.title ? ` · ${escapeHtml(p.title)}` : ''}${p.department ? ` · ${escapeHtml(p.department)}` : ''}${p.orgUnitPath && p.orgUnitPath !== '/' ? ` · ${escapeHtml(p.orgUnitPath)}` : ''}${p.isAdmin ? ' · Workspace admin' : ''}</p>
${p.isMailboxSetup === false ? '<p class="none">Gmail is not enabled for this person: pushes are skipped.</p>' : sigs}
</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>TEST MODE Google Workspace · SignaturePro</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#1f2937;background:#f8fafc}
.banner{background:#b45309;color:#fff;padding:12px 16px;font-weight:700;letter-spacing:.02em}
.banner span{font-weight:400;display:block;margin-top:4px;letter-spacing:0}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:1.4rem;margin:8px 0}
.person{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:12px 0}
.person h2{font-size:1.05rem;margin:0 0 4px;display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.status{font-size:.75rem;font-weight:600;border-radius:999px;padding:2px 8px}
.status.on{background:#dcfce7;color:#166534}.status.off{background:#fee2e2;color:#991b1b}
.meta{margin:0 0 8px;color:#4b5563;font-size:.9rem;overflow-wrap:anywhere}
.sig{margin:8px 0}.addr{font-size:.8rem;color:#6b7280;margin-bottom:4px;overflow-wrap:anywhere}
iframe{width:100%;height:130px;border:1px solid #d1d5db;border-radius:6px;background:#fff}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:.75rem;background:#f3f4f6;padding:8px;border-radius:6px}
.none{color:#6b7280;font-style:italic;margin:4px 0}
</style></head>
<body>
<div class="banner" role="banner">TEST MODE<span>This is not Google. It is SignaturePro's built-in stand-in for a Google Workspace (your organization's own pretend domain ${escapeHtml(domain)}), so the whole flow runs without a real Workspace. Nothing here reaches Gmail.</span></div>
<main>
<h1>People and their Gmail signatures, as "Google" stored them</h1>
<p>Each signature below is the copy the TEST MODE Gmail kept after its sanitiser (scripts and event handlers removed), shown in a sandboxed frame.</p>
${rows || '<p class="none">No people yet: connect the TEST MODE Workspace under Account → Workspace first.</p>'}
</main></body></html>`;
}

/** Whose page a request may see: the signed-in manager's pretend domain, or why not. */
export type TestModePageAccess = { domain: string } | { status: 401 | 403; words: string };

/** The stand-in's routes plus the TEST MODE page at GET / (register with prefix /test-mode/google). */
export function googleTestModePlugin(opts: {
  state: GoogleStandInState;
  audiences?: string[];
  pageAccess(request: FastifyRequest): Promise<TestModePageAccess>;
}): FastifyPluginAsync {
  return async (app) => {
    await app.register(
      googleStandInPlugin({ state: opts.state, ...(opts.audiences ? { audiences: opts.audiences } : {}) }),
    );
    app.get('/', async (request, reply) => {
      noStore(reply);
      const access = await opts.pageAccess(request);
      if ('status' in access) {
        return reply
          .code(access.status)
          .type('text/html; charset=utf-8')
          .send(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>TEST MODE Google Workspace · SignaturePro</title></head><body style="font-family:system-ui,sans-serif;margin:24px"><p><strong>TEST MODE</strong></p><p>${escapeHtml(access.words)}</p>${access.status === 401 ? '<p><a href="/login">Log in</a></p>' : ''}</body></html>`,
          );
      }
      return reply.type('text/html; charset=utf-8').send(await renderTestModePage(opts.state, access.domain));
    });
  };
}
