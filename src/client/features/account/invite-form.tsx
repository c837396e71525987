import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { inviteSchema, type InviteInput } from '../../../shared/validation/account-schemas';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { toast } from '../../lib/toast-store';
import { Select, showSaveError } from './account-ui';
import { useInvite } from '../../api/teams';

/** Email and role on one line; the address stays in the box when the invitation is refused. */
export function InviteForm({ seatsLeft }: { seatsLeft: number }) {
  const invite = useInvite();
  const form = useForm<InviteInput>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', role: 'member' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const entry = await invite.mutateAsync(inviteSchema.parse(values));
      form.reset({ email: '', role: values.role });
      toast({ title: 'Invitation sent', description: `We emailed ${entry.email} a link to join.`, variant: 'success' });
    } catch (error) {
      showSaveError(error, form, ['email', 'role']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
        <Field id="invite-email" label="Email address" error={errors.email?.message}>
          <Input
            id="invite-email"
            type="email"
            autoComplete="off"
            placeholder="teammate@company.com"
            aria-invalid={!!errors.email}
            aria-describedby={errors.email ? 'invite-email-error' : undefined}
            {...form.register('email')}
          />
        </Field>
        <Field id="invite-role" label="Role" error={errors.role?.message}>
          <Select id="invite-role" aria-invalid={!!errors.role} {...form.register('role')}>
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </Select>
        </Field>
        <Button type="submit" className="sm:mt-[1.625rem]" disabled={invite.isPending}>
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          {invite.isPending ? 'Sending...' : 'Send invite'}
        </Button>
      </div>
      <p className="mt-3 text-xs text-slate-500">
        Admins can invite and manage people and edit the organization; members use the organization&apos;s defaults.{' '}
        {seatsLeft > 0 ? `${seatsLeft} seat${seatsLeft === 1 ? '' : 's'} left.` : 'All seats are in use.'}
      </p>
    </form>
  );
}
