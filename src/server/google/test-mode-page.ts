import { escapeHtml } from '../../shared/signature/escape-html';
import { noStore } from '../http';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { googleStandInPlugin } from './google-stand-in';
import type { StandInState } from './google-stand-in-wire';

/** The TEST MODE Google as mounted in the app: the stand-in's routes and a labelled page of one pretend domain. */

const inDomain = (email: string, domain: string) => email.toLowerCase().endsWith(`@${domain.toLowerCase()}`);

/** The labelled TEST MODE page of one pretend domain: each person and the Gmail signature "Google" stored for them. */
export async function renderTestModePage(state: StandInState, domain: string): Promise<string> {
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
<p class="meta">${escapeHtml(p.primaryEmail)}${p.title ? ` · ${escapeHtml(p.title)}` : ''}${p.department ? ` · ${escapeHtml(p.department)}` : ''}${p.orgUnitPath && p.orgUnitPath !== '/' ? ` · ${escapeHtml(p.orgUnitPath)}` : ''}${p.isAdmin ? ' · Workspace admin' : ''}${p.groups?.length ? ` · Groups: ${p.groups.map(escapeHtml).join(', ')}` : ''}</p>
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
  state: StandInState;
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
