import { useState, type ClipboardEvent } from 'react';

type Pasted = { types: string[]; html: string; text: string; at: string };

/** Shows what a paste brings back: every type offered, the HTML source, and the HTML rendered. */
export function PasteInspector() {
  const [pasted, setPasted] = useState<Pasted | null>(null);
  const [readError, setReadError] = useState<string | null>(null);

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    event.preventDefault();
    const data = event.clipboardData;
    setPasted({
      types: Array.from(data.types),
      html: data.getData('text/html'),
      text: data.getData('text/plain'),
      at: new Date().toLocaleTimeString(),
    });
  };

  const readClipboard = async () => {
    setReadError(null);
    try {
      const items = await navigator.clipboard.read();
      const types: string[] = [];
      let html = '';
      let text = '';
      for (const item of items) {
        types.push(...item.types);
        if (item.types.includes('text/html')) html = await (await item.getType('text/html')).text();
        if (item.types.includes('text/plain')) text = await (await item.getType('text/plain')).text();
      }
      setPasted({ types, html, text, at: new Date().toLocaleTimeString() });
    } catch (error) {
      setReadError(error instanceof Error ? `Reading was refused: ${error.message}` : 'Reading was refused.');
    }
  };

  return (
    <div className="grid gap-4">
      <label htmlFor="paste-area" className="text-sm font-medium text-slate-700">
        Paste area: click here and press Ctrl+V (⌘V on a Mac)
      </label>
      <textarea
        id="paste-area"
        rows={3}
        onPaste={onPaste}
        placeholder="Paste here…"
        className="rounded-md border border-dashed border-slate-400 bg-slate-50 p-3 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
      />
      <div>
        <button
          type="button"
          onClick={readClipboard}
          className="h-10 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-50"
        >
          Read the clipboard instead
        </button>
        {readError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {readError}
          </p>
        )}
      </div>
      <div aria-live="polite">
        {pasted && (
          <div className="grid gap-4" data-testid="paste-result">
            <p className="text-sm text-slate-700">
              Pasted at {pasted.at}. Types offered:{' '}
              <strong>{pasted.types.length ? pasted.types.join(', ') : 'none'}</strong>
            </p>
            <div className="grid gap-4 lg:grid-cols-2">
              <div>
                <h3 className="text-sm font-semibold text-slate-900">HTML source (text/html)</h3>
                <pre
                  className="mt-2 max-h-72 overflow-auto whitespace-pre-wrap break-all rounded-md bg-slate-900 p-3 text-xs text-slate-100"
                  data-testid="pasted-html"
                >
                  {pasted.html || '(no HTML in this paste)'}
                </pre>
              </div>
              <div>
                <h3 className="text-sm font-semibold text-slate-900">Rendered HTML</h3>
                {pasted.html ? (
                  // sandbox="" runs no script and sends no cookies: a paste can hold anything.
                  <iframe
                    title="The pasted HTML, rendered"
                    sandbox=""
                    srcDoc={pasted.html}
                    className="mt-2 h-72 w-full rounded-md border border-slate-200 bg-white"
                  />
                ) : (
                  <p className="mt-2 text-sm text-slate-600">Nothing to render.</p>
                )}
              </div>
            </div>
            <div>
              <h3 className="text-sm font-semibold text-slate-900">Plain text (text/plain)</h3>
              <pre
                className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap rounded-md bg-slate-100 p-3 text-xs text-slate-800"
                data-testid="pasted-text"
              >
                {pasted.text || '(no plain text in this paste)'}
              </pre>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
