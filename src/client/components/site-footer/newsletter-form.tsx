import { useId, useState, type FormEvent } from 'react';
import { callPublic } from '../../api/public';
import { ApiError, NetworkError, errorMessage } from '../../lib/api';

type Status =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

function describeNewsletterError(error: unknown): string {
  // A 429 gets errorMessage's words for it: 'Too many requests. Please try again in a few minutes.'
  if (error instanceof ApiError) return errorMessage(error, 'Something went wrong. Please try again.');
  // No answer, or a failed chunk load: a network problem either way.
  return new NetworkError().message;
}

/** The footer's newsletter box: it really stores the address (decisions.md) and says what happened. */
export function NewsletterForm() {
  const id = useId();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // Read from the field itself (uncontrolled): an address typed before the page finished
    // hydrating is kept, not reset to React's empty state.
    const email = String(new FormData(form).get('email') ?? '');
    setStatus({ kind: 'sending' });
    try {
      // The shared schema (the server's own rule) is fetched on submit: zod is no part of the landing's budget.
      const { newsletterSchema } = await import('../../../shared/validation/newsletter-schema');
      const parsed = newsletterSchema.safeParse({ email });
      if (!parsed.success) {
        setStatus({ kind: 'error', message: parsed.error.issues[0]?.message ?? 'Please enter a valid email address' });
        return;
      }
      const result = await callPublic('newsletter', parsed.data);
      setStatus({ kind: 'done', message: result.message });
      form.reset();
    } catch (error) {
      setStatus({ kind: 'error', message: describeNewsletterError(error) });
    }
  };

  const inputId = `${id}-email`;
  const statusId = `${id}-status`;
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-sm font-semibold text-white">
        Product news, once a month
      </h2>
      <p className="text-sm text-slate-300">
        New templates and Gmail tips. We store only your address, to send this email; unsubscribe any time.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          Email address
        </label>
        <input
          id={inputId}
          type="email"
          autoComplete="email"
          name="email"
          placeholder="you@company.com"
          aria-invalid={status.kind === 'error'}
          aria-describedby={statusId}
          className="h-10 w-full min-w-0 rounded-md border border-slate-600 sm:flex-1 bg-slate-800 px-3 text-sm text-white placeholder:text-slate-400 focus:border-sky-400 focus:outline-none focus:ring-2 focus:ring-sky-400/40"
        />
        <button
          type="submit"
          disabled={status.kind === 'sending'}
          className="h-10 rounded-md bg-brand px-4 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-70"
        >
          {status.kind === 'sending' ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      <p
        id={statusId}
        role="status"
        aria-live="polite"
        className={`min-h-5 text-sm ${status.kind === 'error' ? 'text-red-300' : 'text-emerald-300'}`}
      >
        {status.kind === 'done' || status.kind === 'error' ? status.message : ''}
      </p>
    </form>
  );
}
