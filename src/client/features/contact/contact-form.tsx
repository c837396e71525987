import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CONTACT_LIMITS, contactSchema, type ContactInput } from '../../../shared/validation/contact-schema';
import { Field, Input, Textarea } from '../../components/ui/field';
import { ApiError, NetworkError } from '../../lib/api';
import { resolveSubmitToken, sendContactMessage, type IssuedToken } from './contact-api';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

export const CONTACT_MESSAGES = {
  tooMany: 'Too many requests. Please try again in a few minutes.',
  generic: 'Something went wrong. Please try again.',
  network: 'Network error. Please check your connection and try again.',
};

/** The words for a failed send (spec, section 8); per-field errors go to their fields instead. */
function describeSendError(error: unknown): string {
  if (error instanceof NetworkError) return CONTACT_MESSAGES.network;
  if (error instanceof ApiError) {
    if (error.status === 429) return CONTACT_MESSAGES.tooMany;
    // Our server always answers with a code and words for the person; anything else (a proxy's
    // error page) has no words worth showing.
    return error.code && error.message ? error.message : CONTACT_MESSAGES.generic;
  }
  return CONTACT_MESSAGES.generic;
}

export function ContactForm({ token, onSent }: { token: Promise<IssuedToken>; onSent: () => void }) {
  const honeypot = useRef<HTMLInputElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const messageLength = form.watch('message').length;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { token: formToken } = await resolveSubmitToken(token);
      await sendContactMessage({ ...values, honeypot: honeypot.current?.value ?? '', formToken, submitTime: Date.now() });
      onSent();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        for (const field of FIELDS) {
          const message = error.fields[field];
          if (message) form.setError(field, { type: 'server', message }, { shouldFocus: true });
        }
        if (!FIELDS.some((field) => error.fields[field])) setFormError(describeSendError(error));
        return;
      }
      setFormError(describeSendError(error));
    }
  });

  const describedBy = (field: (typeof FIELDS)[number], extra?: string) =>
    [errors[field] ? `contact-${field}-error` : null, extra].filter(Boolean).join(' ') || undefined;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-describedby="contact-required-note">
      <p id="contact-required-note" className="text-sm text-slate-600">
        All fields are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Name" required error={errors.name?.message}>
          <Input id="contact-name" autoComplete="name" aria-invalid={!!errors.name} aria-describedby={describedBy('name')} {...form.register('name')} />
        </Field>
        <Field id="contact-email" label="Email" required error={errors.email?.message}>
          <Input
            id="contact-email"
            type="email"
            autoComplete="email"
            aria-invalid={!!errors.email}
            aria-describedby={describedBy('email')}
            {...form.register('email')}
          />
        </Field>
      </div>
      <Field id="contact-subject" label="Subject" required error={errors.subject?.message}>
        <Input id="contact-subject" aria-invalid={!!errors.subject} aria-describedby={describedBy('subject')} {...form.register('subject')} />
      </Field>
      <div className="grid gap-1.5">
        <Field id="contact-message" label="Message" required error={errors.message?.message}>
          <Textarea
            id="contact-message"
            rows={7}
            aria-invalid={!!errors.message}
            aria-describedby={describedBy('message', 'contact-message-count')}
            {...form.register('message')}
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
        <input id="contact-hp" name="contact_hp" type="text" tabIndex={-1} autoComplete="off" ref={honeypot} defaultValue="" />
      </div>
      {formError && (
        <p id="contact-form-error" role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {formError}
        </p>
      )}
      <button
        type="submit"
        disabled={isSubmitting}
        className="h-12 rounded-lg bg-brand px-6 text-base font-semibold text-white shadow-sm hover:bg-brand-dark disabled:cursor-wait disabled:opacity-80 sm:justify-self-start"
      >
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
