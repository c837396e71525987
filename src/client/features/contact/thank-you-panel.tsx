import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';

/** The spec's success screen; focus moves to its heading so screen readers announce it. */
export function ThankYouPanel({ supportEmail, onAnother }: { supportEmail: string | null; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid justify-items-center gap-4 py-8 text-center">
      <CircleCheck className="h-14 w-14 text-emerald-600" aria-hidden="true" />
      <h2 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-slate-900 outline-none">
        Thank You!
      </h2>
      <p className="text-lg text-slate-700">We'll reply within 1 business day.</p>
      {supportEmail && (
        <p className="max-w-md text-slate-600">
          Need to add something? Write to us at{' '}
          <a href={`mailto:${supportEmail}`} className="font-semibold text-brand-dark underline underline-offset-2">
            {supportEmail}
          </a>
          .
        </p>
      )}
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={onAnother}
          className="h-11 rounded-lg border border-slate-300 px-5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Send another message
        </button>
        <a
          href="/"
          className="inline-flex h-11 items-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-brand-dark"
        >
          Back to home
        </a>
      </div>
    </div>
  );
}
