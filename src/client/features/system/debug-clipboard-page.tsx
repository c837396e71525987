import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { renderSignature } from '../../../shared/signature/render-signature';
import { sampleSignature } from '../../../shared/signature/sample-person';
import { SiteFooter } from '../../components/site-footer/site-footer';
import { SiteHeader } from '../../components/site-header/site-header';
import { useDocumentTitle } from '../../components/site-header/use-document-title';
import { detectClipboardSupport, writeSignatureToClipboard, type SupportCheck } from './clipboard-support';
import { PasteInspector } from './paste-inspector';

const STATUS_STYLE: Record<SupportCheck['status'], { text: string; className: string }> = {
  yes: { text: 'Yes', className: 'bg-emerald-100 text-emerald-800' },
  no: { text: 'No', className: 'bg-red-100 text-red-800' },
  unknown: { text: 'Unknown', className: 'bg-amber-100 text-amber-900' },
};

/** One numbered step of the page: a white card with its heading (the first sits further below the intro). */
function Step({
  id,
  title,
  first = false,
  children,
}: {
  id: string;
  title: string;
  first?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`${first ? 'mt-10' : 'mt-8'} rounded-2xl border border-slate-200 bg-white p-6`}
    >
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A sample through the same renderer as Copy to Gmail, so the test copies what the editor would. */
function renderSample() {
  return renderSignature(sampleSignature(), { publicUrl: window.location.origin, showWatermark: false });
}

/** /debug-clipboard: for a person whose copy into Gmail misbehaves. */
export function DebugClipboardPage() {
  useDocumentTitle('Clipboard check — SignaturePro');
  const [checks, setChecks] = useState<SupportCheck[]>([]);
  const [copyResult, setCopyResult] = useState<{ ok: boolean; message: string } | null>(null);
  const preview = useRef<HTMLDivElement>(null);
  const sample = useMemo(renderSample, []);

  useEffect(() => setChecks(detectClipboardSupport()), []);

  const copySample = async () => {
    try {
      setCopyResult({ ok: true, message: await writeSignatureToClipboard(sample.html, sample.text, preview.current) });
    } catch (error) {
      setCopyResult({ ok: false, message: `Copy failed: ${error instanceof Error ? error.message : String(error)}` });
    }
  };

  return (
    <div className="flex min-h-full flex-col bg-slate-50">
      <SiteHeader />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Clipboard check</h1>
        <p className="mt-3 max-w-3xl text-lg text-slate-600">
          If your signature pastes into Gmail as plain text, or not at all, this page shows what your browser can copy
          and what a paste brings back. Send the results to support with your message.
        </p>

        <Step id="support-title" title="1. What this browser supports" first>
          <table className="mt-4 w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Feature
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Supported
                </th>
                <th scope="col" className="py-2 font-medium">
                  Details
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {checks.map((c) => (
                <tr key={c.label} data-testid="support-row">
                  <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                    {c.label}
                  </th>
                  <td className="py-2 pr-4">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[c.status].className}`}
                    >
                      {STATUS_STYLE[c.status].text}
                    </span>
                  </td>
                  <td className="py-2 text-slate-600">{c.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-4 break-words text-xs text-slate-600">
            Browser: {typeof navigator !== 'undefined' ? navigator.userAgent : ''}
          </p>
        </Step>

        <Step id="copy-title" title="2. Copy a sample signature">
          <p className="mt-2 text-sm text-slate-600">
            Writes this signature to the clipboard as HTML and as plain text, the way Copy to Gmail does.
          </p>
          {/* The renderer's own escaped, Gmail-safe HTML: the same markup the editor exports. */}
          <div
            ref={preview}
            className="mt-4 overflow-x-auto rounded-md border border-slate-200 p-4"
            dangerouslySetInnerHTML={{ __html: sample.html }}
          />
          <button
            type="button"
            onClick={copySample}
            className="mt-4 h-11 rounded-lg bg-brand px-5 font-semibold text-white hover:bg-brand-dark"
          >
            Copy sample signature
          </button>
          {copyResult && (
            <p role="status" className={`mt-3 text-sm ${copyResult.ok ? 'text-emerald-800' : 'text-red-700'}`}>
              {copyResult.message}
            </p>
          )}
        </Step>

        <Step id="paste-title" title="3. See what a paste brings back">
          <div className="mt-4">
            <PasteInspector />
          </div>
        </Step>
      </main>
      <SiteFooter />
    </div>
  );
}
