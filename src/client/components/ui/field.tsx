import { forwardRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

const control =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-500';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className = '', ...props },
  ref,
) {
  return <input ref={ref} className={`${control} h-10 ${className}`} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className = '', ...props },
  ref,
) {
  return <textarea ref={ref} className={`${control} ${className}`} {...props} />;
});

export type FieldProps = {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
};

/**
 * A label, its control, and the error or hint below it, wired for screen readers. Its rows keep
 * their height when a neighbour in the same grid row grows (an error under it): the control stays
 * level with the one beside it instead of sliding down.
 */
export function Field(props: FieldProps & { children: ReactNode }) {
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={props.id} className="text-sm font-medium text-slate-700">
        {props.label}
        {props.required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {props.children}
      {props.error ? (
        <p id={`${props.id}-error`} role="alert" className="text-xs text-red-600">
          {props.error}
        </p>
      ) : props.hint ? (
        <p id={`${props.id}-hint`} className="text-xs text-slate-500">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}
