import { Clock } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import type { MeResponse } from '../../../shared/account-types';
import { DAY_MS } from '../../../shared/duration';

/** True on the trial's last day: the organization's own trial (nothing bought) ends within 24 hours. */
export function onLastTrialDay(organization: MeResponse['organization'] | undefined, now = Date.now()): boolean {
  if (organization?.plan !== 'trial' || !organization.trialEndsAt) return false;
  const left = Date.parse(organization.trialEndsAt) - now;
  return left > 0 && left <= DAY_MS;
}

/**
 * The editor's notice on the trial's last day (decision 0153): when it ends, what happens then, and
 * who can choose a plan. The e-mails 3 days and 1 day before go to the owner and admins.
 */
export const TrialEndingNotice = memo(function TrialEndingNotice({
  organization,
}: {
  organization: NonNullable<MeResponse['organization']>;
}) {
  const ends = new Date(organization.trialEndsAt!).toLocaleString(undefined, {
    weekday: 'long',
    hour: 'numeric',
    minute: '2-digit',
  });
  const manager = organization.role === 'owner' || organization.role === 'admin';
  return (
    <div
      role="region"
      aria-label="Your trial ends soon"
      className="shrink-0 border-b border-amber-200 bg-amber-50 px-4 py-2.5 sm:px-6"
    >
      <p className="flex items-start gap-2 text-sm text-amber-900">
        <Clock className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden="true" />
        <span>
          <strong className="font-semibold">Last day of your trial.</strong> It ends {ends}; then your organization is
          on the Free plan (1 seat, with the watermark) and nothing is deleted.{' '}
          {manager ? (
            <Link to="/account/billing" className="font-semibold underline">
              Choose a plan in Plan &amp; Billing
            </Link>
          ) : (
            "Ask your organization's owner or an admin to choose a plan."
          )}
        </span>
      </p>
    </div>
  );
});
