import { useState, type ClipboardEvent } from 'react';

type Pasted = { types: string[]; html: string; text: string; at: string };

/** One part of the paste as source text, under its heading; `className` sets its height and colours. */
function Source({
  title,
  testId,
  className,
  text,
}: {
  title: string;
  testId: string;
  className: string;
  text: string;
}) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <pre
        className={`mt-2 overflow-auto whitespace-pre-wrap rounded-md p-3 text-xs ${className}`}
        data-testid={testId}
      >
        {text}
      </pre>
    </div>
  );
}

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
              <Source
                title="HTML source (text/html)"
                testId="pasted-html"
                className="max-h-72 break-all bg-slate-900 text-slate-100"
                text={pasted.html || '(no HTML in this paste)'}
              />
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
            <Source
              title="Plain text (text/plain)"
              testId="pasted-text"
              className="max-h-48 bg-slate-100 text-slate-800"
              text={pasted.text || '(no plain text in this paste)'}
            />
          </div>
        )}
      </div>
    </div>
  );
}
