import { Loader2 } from 'lucide-react';
import type { FormEvent, ReactNode, SelectHTMLAttributes } from 'react';
import { forwardRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast-store';
import { ApiError, errorMessage } from '../../lib/api';
import { useReportUnsaved } from './unsaved-changes';

/** A titled white card; `footer` sits below a rule (Save/Cancel, or a danger action). */
export function SectionCard(props: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  tone?: 'default' | 'danger';
  id?: string;
}) {
  const danger = props.tone === 'danger';
  return (
    <section
      aria-labelledby={props.id ? `${props.id}-title` : undefined}
      className={`min-w-0 rounded-xl border bg-white shadow-sm ${danger ? 'border-red-200' : 'border-slate-200'}`}
    >
      <div className="px-5 pt-5 sm:px-6 sm:pt-6">
        <h2
          id={props.id ? `${props.id}-title` : undefined}
          className={`text-base font-semibold ${danger ? 'text-red-700' : 'text-slate-900'}`}
        >
          {props.title}
        </h2>
        {props.description && <p className="mt-1 text-sm text-slate-600">{props.description}</p>}
      </div>
      <div className="px-5 py-5 sm:px-6">{props.children}</div>
      {props.footer}
    </section>
  );
}

/** Save and Cancel, shown only while the form differs from what is saved (spec: only when changed). */
export function FormActions({
  dirty,
  saving,
  onCancel,
  saveLabel = 'Save changes',
}: {
  dirty: boolean;
  saving: boolean;
  onCancel(): void;
  saveLabel?: string;
}) {
  useReportUnsaved(dirty);
  if (!dirty) return null;
  return (
    <div className="flex items-center justify-end gap-2 rounded-b-xl border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6">
      <span className="mr-auto text-xs text-slate-500">You have unsaved changes</span>
      <Button variant="secondary" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving...' : saveLabel}
      </Button>
    </div>
  );
}

/** Puts the server's per-field messages on the form (what was typed stays) and says what went wrong. */
export function showSaveError<T extends FieldValues>(
  error: unknown,
  form?: UseFormReturn<T>,
  fields: readonly Path<T>[] = [],
) {
  if (form && error instanceof ApiError) {
    for (const name of fields) {
      const message = error.fields[name];
      if (message) form.setError(name, { type: 'server', message });
    }
  }
  toastError(error, 'Something went wrong. Please try again.');
}

/**
 * Runs one save: done, the green toast `done`; refused, the server's field messages on `form`
 * (when given) and the red toast. Every account screen's Save, Delete and Sign out goes through it.
 */
export async function saveWithToast<T extends FieldValues>(
  action: () => Promise<unknown>,
  done: { title: string; description: string },
  form?: UseFormReturn<T>,
  fields: readonly Path<T>[] = [],
) {
  try {
    await action();
    toast({ ...done, variant: 'success' });
  } catch (error) {
    showSaveError(error, form, fields);
  }
}

/** The words of the cards only the owner and admins may change: what they are, and what the others read. */
export const MANAGED_CARDS = {
  defaults: {
    id: 'defaults',
    title: 'Signature defaults',
    description:
      'New signatures of everyone in your organization start from these, and the editor asks for the required fields.',
    readOnlyNote: 'Only the owner and admins can change the defaults.',
  },
  logo: {
    id: 'logo',
    title: 'Organization logo',
    description: 'A link to your logo image. New signatures in your organization start with it.',
    readOnlyNote: 'Only the owner and admins can change the logo.',
  },
  organization: {
    id: 'organization',
    title: 'Organization',
    description: "The company your team's signatures belong to.",
    readOnlyNote: (role: string) =>
      `You are a ${role.toLowerCase()} of this organization. Only its owner and admins can change these details.`,
  },
};

/**
 * A form in a card that only the owner and admins may change: Save/Cancel for them while the form
 * differs from what is saved (Cancel puts it back), a read-only note above the fields for everyone else.
 */
export function ManagedFormCard<T extends FieldValues>({
  card: { readOnlyNote, ...card },
  canEdit,
  form,
  save,
  onSubmit,
  lock,
  children,
}: {
  card: { id: string; title: string; description: string; readOnlyNote: string };
  canEdit: boolean;
  /** The plan the card needs, shown before the form instead of the read-only note (a paid feature). */
  lock?: ReactNode;
  form: UseFormReturn<T>;
  /** The save's mutation: Save and Cancel are disabled while it runs. */
  save: { isPending: boolean };
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  children: ReactNode;
}) {
  const footer = canEdit ? (
    <FormActions dirty={form.formState.isDirty} saving={save.isPending} onCancel={() => form.reset()} />
  ) : null;
  return (
    <form onSubmit={onSubmit} noValidate>
      <SectionCard {...card} footer={footer}>
        {lock ?? (!canEdit && <ReadOnlyNote>{readOnlyNote}</ReadOnlyNote>)}
        {children}
      </SectionCard>
    </form>
  );
}

/** The red toast for a failed action: the server's message, or `fallback` when there is none. */
export function toastError(error: unknown, fallback: string) {
  toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
}

export const selectClass =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-500 disabled:bg-slate-50 disabled:text-slate-500';

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className = '', ...props },
  ref,
) {
  return <select ref={ref} className={`${selectClass} ${className}`} {...props} />;
});

export function Spinner({ label = 'Loading…', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-2 py-10 text-sm text-slate-500 ${className}`}>
      <Loader2 className="h-5 w-5 animate-spin text-brand" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A read that failed: the reason, and a way to try again. */
export function LoadError({ error, retry }: { error: unknown; retry(): void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p>{errorMessage(error, 'This could not be loaded.')}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

/** A note for people who can see but not change something. */
export function ReadOnlyNote({ children }: { children: ReactNode }) {
  return (
    <p className="mb-4 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600 ring-1 ring-slate-200">{children}</p>
  );
}

export function formatDate(
  iso: string | null | undefined,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
) {
  if (!iso) return '—';
  // toLocaleDateString refuses timeStyle; toLocaleString takes both.
  return 'timeStyle' in options
    ? new Date(iso).toLocaleString('en-US', options)
    : new Date(iso).toLocaleDateString('en-US', options);
}
