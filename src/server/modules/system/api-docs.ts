import { escapeHtml } from '../../../shared/signature/escape-html';

/** GET /api/docs: the OpenAPI document as one readable, server-rendered page (no script, no CDN: our CSP holds). */

type Json = Record<string, unknown>;

const asRecord = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});

function schemaBlock(schema: unknown): string {
  return `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;
}

const slug = (method: string, path: string) => `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-').toLowerCase();

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1f2937;background:#f9fafb}
main{max-width:960px;margin:0 auto;padding:24px 16px 64px}
h1{font-size:28px;margin:0 0 4px}h2{margin-top:40px;border-bottom:1px solid #e5e7eb;padding-bottom:4px;text-transform:capitalize}
section.op{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:12px 0}
.op h3{margin:0;font-size:16px;word-break:break-all}.method{display:inline-block;min-width:64px;font:600 12px/20px monospace;text-align:center;border-radius:4px;color:#fff;margin-right:8px}
.GET{background:#2563eb}.POST{background:#059669}.PUT{background:#d97706}.PATCH{background:#7c3aed}.DELETE{background:#dc2626}
pre{background:#f3f4f6;border-radius:6px;padding:8px;overflow:auto;font-size:12px;max-height:320px}
details summary{cursor:pointer;font-weight:600;margin:6px 0}nav ul{columns:2;padding-left:18px}@media(max-width:600px){nav ul{columns:1}}
code{font-size:13px}.muted{color:#6b7280}
`;

export function renderApiDocs(document: Json): string {
  const info = asRecord(document.info);
  const paths = asRecord(document.paths);
  const byTag = new Map<string, string[]>();
  const toc: string[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, rawOperation] of Object.entries(asRecord(item))) {
      const operation = asRecord(rawOperation);
      const upper = method.toUpperCase();
      const tag = (Array.isArray(operation.tags) ? String(operation.tags[0]) : 'other') || 'other';
      const id = slug(upper, path);
      const parts: string[] = [
        `<section class="op" id="${id}"><h3><span class="method ${escapeHtml(upper)}">${escapeHtml(upper)}</span><code>${escapeHtml(path)}</code></h3>`,
        `<p>${escapeHtml(String(operation.summary ?? ''))}</p>`,
      ];
      const parameters = Array.isArray(operation.parameters) ? operation.parameters.map(asRecord) : [];
      if (parameters.length > 0) {
        parts.push(
          `<p><strong>Parameters:</strong> ${parameters
            .map(
              (p) =>
                `<code>${escapeHtml(String(p.name))}</code> <span class="muted">(${escapeHtml(String(p.in))}${p.required ? ', required' : ''})</span>`,
            )
            .join(', ')}</p>`,
        );
      }
      const requestContent = asRecord(asRecord(operation.requestBody).content);
      for (const [type, media] of Object.entries(requestContent)) {
        parts.push(
          `<details><summary>Request body (${escapeHtml(type)})</summary>${schemaBlock(asRecord(media).schema)}</details>`,
        );
      }
      for (const [status, rawResponse] of Object.entries(asRecord(operation.responses))) {
        const response = asRecord(rawResponse);
        const content = Object.entries(asRecord(response.content));
        if (content.length === 0) {
          parts.push(
            `<details><summary>${escapeHtml(status)} ${escapeHtml(String(response.description ?? ''))}</summary><p class="muted">No body.</p></details>`,
          );
        }
        for (const [type, media] of content) {
          parts.push(
            `<details><summary>${escapeHtml(status)} (${escapeHtml(type)})</summary>${schemaBlock(asRecord(media).schema)}</details>`,
          );
        }
      }
      parts.push('</section>');
      byTag.set(tag, [...(byTag.get(tag) ?? []), parts.join('\n')]);
      toc.push(`<li><a href="#${id}"><code>${escapeHtml(upper)} ${escapeHtml(path)}</code></a></li>`);
    }
  }
  const sections = [...byTag.entries()].map(
    ([tag, ops]) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n${ops.join('\n')}`,
  );
  const components = asRecord(asRecord(document.components).schemas);
  const shared = Object.entries(components).map(
    ([name, schema]) =>
      `<section class="op" id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>${schemaBlock(schema)}</section>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(String(info.title ?? 'API'))} reference</title><style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(String(info.title ?? 'API'))}</h1>
<p>${escapeHtml(String(info.description ?? ''))}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(String(document.openapi ?? ''))}).</p>
<nav><h2>Endpoints</h2><ul>${toc.join('')}</ul></nav>
${sections.join('\n')}
${shared.length > 0 ? `<h2>Shared schemas</h2>${shared.join('\n')}` : ''}
</main></body></html>`;
}
