import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, Input, type FieldProps } from './field';

/** A Field around an Input registered with react-hook-form, marked invalid while its error shows. */
export function FieldInput({
  id,
  label,
  required,
  error,
  hint,
  registration,
  ...input
}: FieldProps & { registration: UseFormRegisterReturn } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint}>
      <Input id={id} {...input} aria-invalid={!!error} {...registration} />
    </Field>
  );
}
