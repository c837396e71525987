import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONTACT_LIMITS } from '../../../shared/validation/contact-limits';
import type { ContactMessage } from '../../../shared/validation/contact-schema';
import { Field, Input, Textarea } from '../../components/ui/field';
import { ApiError, NetworkError, tooManyRequestsWords } from '../../lib/api';
import { isReplayingEarlyClick } from '../../lib/early-clicks';
import { resolveSubmitToken, sendContactMessage, type IssuedToken } from './contact-api';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;
type FieldName = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<FieldName, string>>;

export const CONTACT_MESSAGES = {
  generic: 'Something went wrong. Please try again.',
  network: 'Network error. Please check your connection and try again.',
};

/** The words for a failed send (spec, section 8); per-field errors go to their fields instead. */
function describeSendError(error: unknown): string {
  if (error instanceof NetworkError) return CONTACT_MESSAGES.network;
  const tooMany = tooManyRequestsWords(error);
  if (tooMany) return tooMany;
  if (error instanceof ApiError) {
    // Our server always answers with a code and words for the person; anything else (a proxy's
    // error page) has no words worth showing.
    return error.code && error.message ? error.message : CONTACT_MESSAGES.generic;
  }
  return CONTACT_MESSAGES.generic;
}

/**
 * The shared schema (the server's own rules and words) is fetched when first needed, on submit:
 * zod stays out of what the page loads up front.
 */
async function validateContact(
  values: Record<FieldName, string>,
): Promise<{ data: ContactMessage } | { errors: FieldErrors }> {
  const { contactSchema } = await import('../../../shared/validation/contact-schema');
  const result = contactSchema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path[0] as FieldName] ??= issue.message;
  return { errors };
}

/** What the fields hold now; read from the form itself, so text typed before hydration counts. */
function readValues(form: HTMLFormElement): Record<FieldName, string> {
  const data = new FormData(form);
  return Object.fromEntries(FIELDS.map((field) => [field, String(data.get(field) ?? '')])) as Record<FieldName, string>;
}

export function ContactForm({ token, onSent }: { token: Promise<IssuedToken>; onSent: () => void }) {
  const form = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [triedOnce, setTriedOnce] = useState(false);
  const [sending, setSending] = useState(false);
  const [messageLength, setMessageLength] = useState(0);

  useEffect(() => setMessageLength(readValues(form.current!).message.length), []);

  const focusFirstInvalid = (invalid: FieldErrors) => {
    const first = FIELDS.find((field) => invalid[field]);
    if (first) form.current?.querySelector<HTMLElement>(`#contact-${first}`)?.focus();
  };

  // As react-hook-form would: quiet until the first submit, then every change re-checks the fields.
  // Checks run asynchronously; only the latest may show its result.
  const latestCheck = useRef(0);
  const onInput = async () => {
    const values = readValues(form.current!);
    setMessageLength(values.message.length);
    if (!triedOnce) return;
    const check = ++latestCheck.current;
    const checked = await validateContact(values);
    if (check === latestCheck.current) setErrors('errors' in checked ? checked.errors : {});
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Sent with the button pressed before the page was interactive (replayed now it is).
    const typedBeforeHydration = isReplayingEarlyClick();
    setTriedOnce(true);
    setFormError(null);
    setSending(true);
    try {
      latestCheck.current += 1;
      const checked = await validateContact(readValues(form.current!));
      if ('errors' in checked) {
        setErrors(checked.errors);
        focusFirstInvalid(checked.errors);
        return;
      }
      setErrors({});
      const { token: formToken } = await resolveSubmitToken(token, typedBeforeHydration);
      await sendContactMessage({
        ...checked.data,
        honeypot: honeypot.current?.value ?? '',
        formToken,
        submitTime: Date.now(),
      });
      onSent();
    } catch (error) {
      const serverErrors =
        error instanceof ApiError
          ? (Object.fromEntries(FIELDS.filter((f) => error.fields[f]).map((f) => [f, error.fields[f]])) as FieldErrors)
          : {};
      if (Object.keys(serverErrors).length > 0) {
        setErrors(serverErrors);
        focusFirstInvalid(serverErrors);
      } else {
        setFormError(
          error instanceof ApiError || error instanceof NetworkError
            ? describeSendError(error)
            : CONTACT_MESSAGES.network,
        );
      }
    } finally {
      setSending(false);
    }
  };

  const describedBy = (field: FieldName, extra?: string) =>
    [errors[field] ? `contact-${field}-error` : null, extra].filter(Boolean).join(' ') || undefined;
  const fieldProps = (field: FieldName) => ({
    id: `contact-${field}`,
    name: field,
    'aria-invalid': !!errors[field],
    'aria-describedby': describedBy(field),
  });

  return (
    <form
      ref={form}
      onSubmit={onSubmit}
      onInput={onInput}
      noValidate
      className="grid gap-5"
      aria-describedby="contact-required-note"
    >
      <p id="contact-required-note" className="text-sm text-slate-600">
        All fields are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Name" required error={errors.name}>
          <Input autoComplete="name" {...fieldProps('name')} />
        </Field>
        <Field id="contact-email" label="Email" required error={errors.email}>
          <Input type="email" autoComplete="email" {...fieldProps('email')} />
        </Field>
      </div>
      <Field id="contact-subject" label="Subject" required error={errors.subject}>
        <Input {...fieldProps('subject')} />
      </Field>
      <div className="grid gap-1.5">
        <Field id="contact-message" label="Message" required error={errors.message}>
          <Textarea
            rows={7}
            {...fieldProps('message')}
            aria-describedby={describedBy('message', 'contact-message-count')}
          />
        </Field>
        <p
          id="contact-message-count"
          className={`justify-self-end text-xs tabular-nums ${messageLength > CONTACT_LIMITS.messageMax ? 'font-semibold text-red-700' : 'text-slate-600'}`}
        >
          {messageLength}/{CONTACT_LIMITS.messageMax}
          <span className="sr-only"> characters</span>
        </p>
      </div>
      {/* A field people never see; bots fill every field they find (spec: the honeypot). */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor="contact-hp">Leave this field empty</label>
        <input
          id="contact-hp"
          name="contact_hp"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          ref={honeypot}
          defaultValue=""
        />
      </div>
      {formError && (
        <p
          id="contact-form-error"
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {formError}
        </p>
      )}
      <button
        type="submit"
        disabled={sending}
        className="h-12 rounded-lg bg-brand px-6 text-base font-semibold text-white shadow-sm hover:bg-brand-dark disabled:cursor-wait disabled:opacity-80 sm:justify-self-start"
      >
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
