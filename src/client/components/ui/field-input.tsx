import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Field, Input } from './field';

/**
 * One text input of a react-hook-form form, as data: the field's name in the form, the element's
 * id and label, and the browser's hints. Forms declare their inputs as specs and render them with
 * FormInput, so the email and password fields of every auth form are written once.
 */
export type InputSpec<N extends string = string> = {
  name: N;
  id: string;
  label: string;
  type?: 'email' | 'password';
  autoComplete: string;
  required?: boolean;
  hint?: string;
};

export const EMAIL = { type: 'email', autoComplete: 'email' } as const;
export const CURRENT_PASSWORD = { type: 'password', autoComplete: 'current-password', required: true } as const;
export const NEW_PASSWORD = { type: 'password', autoComplete: 'new-password', required: true } as const;

/** A Field around the spec's Input, registered with the form and marked invalid while its error shows. */
export function FormInput<T extends FieldValues>({ form, spec }: { form: UseFormReturn<T>; spec: InputSpec<Path<T>> }) {
  const error = form.getFieldState(spec.name, form.formState).error?.message;
  return (
    <Field id={spec.id} label={spec.label} required={spec.required} error={error} hint={spec.hint}>
      <Input
        id={spec.id}
        type={spec.type}
        autoComplete={spec.autoComplete}
        aria-invalid={!!error}
        {...form.register(spec.name)}
      />
    </Field>
  );
}
