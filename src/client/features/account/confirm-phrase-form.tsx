import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ConfirmationInput } from '../../../shared/validation/account-schemas';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { toast } from '../../lib/toast-store';
import { showSaveError } from './account-ui';

type Values = ConfirmationInput & { password?: string };
type ConfirmationSchema = z.ZodType<Values, Values>;

/** Type the exact phrase, then press the button: anything else reads 'Please type … to confirm'. */
export function ConfirmPhraseForm(props: {
  id: string;
  phrase: string;
  schema: ConfirmationSchema;
  buttonLabel: string;
  busyLabel: string;
  disabled?: boolean;
  /** Asks for the password too (deleting the account), with this hint below the field. */
  passwordHint?: string;
  onConfirm(confirmation: string, password: string): Promise<unknown>;
  /** The success toast once `onConfirm` is done, if the screen does not tell it itself. */
  done?: { title: string; description: string };
}) {
  const form = useForm<Values>({
    resolver: zodResolver(props.schema),
    defaultValues: { confirmation: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ confirmation, password }) => {
    try {
      await props.onConfirm(confirmation, password ?? '');
      if (props.done) toast({ ...props.done, variant: 'success' });
    } catch (error) {
      showSaveError(error, form, ['confirmation', 'password']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:max-w-md">
      <Field id={props.id} label={`Type ${props.phrase} to confirm`} error={errors.confirmation?.message}>
        <Input
          id={props.id}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={props.phrase}
          disabled={props.disabled}
          aria-invalid={!!errors.confirmation}
          {...form.register('confirmation')}
        />
      </Field>
      {props.passwordHint !== undefined && (
        <Field id={`${props.id}-password`} label="Password" hint={props.passwordHint} error={errors.password?.message}>
          <Input
            id={`${props.id}-password`}
            type="password"
            autoComplete="current-password"
            disabled={props.disabled}
            aria-invalid={!!errors.password}
            {...form.register('password')}
          />
        </Field>
      )}
      <Button type="submit" variant="danger" className="justify-self-start" disabled={props.disabled || isSubmitting}>
        {isSubmitting ? props.busyLabel : props.buttonLabel}
      </Button>
    </form>
  );
}
