import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ConfirmationInput } from '../../../shared/validation/account-schemas';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { showSaveError } from './account-ui';

type ConfirmationSchema = z.ZodType<ConfirmationInput, ConfirmationInput>;

/** Type the exact phrase, then press the button: anything else reads 'Please type … to confirm'. */
export function ConfirmPhraseForm(props: {
  id: string;
  phrase: string;
  schema: ConfirmationSchema;
  buttonLabel: string;
  busyLabel: string;
  disabled?: boolean;
  onConfirm(confirmation: string): Promise<void>;
}) {
  const form = useForm<ConfirmationInput>({ resolver: zodResolver(props.schema), defaultValues: { confirmation: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ confirmation }) => {
    try {
      await props.onConfirm(confirmation);
    } catch (error) {
      showSaveError(error, form, ['confirmation']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:max-w-md">
      <Field
        id={props.id}
        label={`Type ${props.phrase} to confirm`}
        error={errors.confirmation?.message}
      >
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
      <Button type="submit" variant="danger" className="justify-self-start" disabled={props.disabled || isSubmitting}>
        {isSubmitting ? props.busyLabel : props.buttonLabel}
      </Button>
    </form>
  );
}
