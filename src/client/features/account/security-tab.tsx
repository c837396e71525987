import { ChangePasswordForm } from './change-password-form';
import { SessionsList } from './sessions-list';

export function SecurityTab() {
  return (
    <div className="grid gap-6">
      <ChangePasswordForm />
      <SessionsList />
    </div>
  );
}
