import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { inviteSchema, type InviteInput } from '../../../shared/validation/account-schemas';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
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
        <div className="grid gap-1.5">
          <label htmlFor="invite-email" className="text-sm font-medium text-slate-700">
            Email address
          </label>
          <Input
            id="invite-email"
            type="email"
            autoComplete="off"
            placeholder="teammate@company.com"
            aria-invalid={!!errors.email}
            aria-describedby={errors.email ? 'invite-email-error' : undefined}
            {...form.register('email')}
          />
          {errors.email && (
            <p id="invite-email-error" role="alert" className="text-xs text-red-600">
              {errors.email.message}
            </p>
          )}
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="invite-role" className="text-sm font-medium text-slate-700">
            Role
          </label>
          <Select id="invite-role" aria-invalid={!!errors.role} {...form.register('role')}>
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </Select>
          {errors.role && (
            <p role="alert" className="text-xs text-red-600">
              {errors.role.message}
            </p>
          )}
        </div>
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
