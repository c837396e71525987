import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { capabilityPlanWords, planNeededFor } from '../../../shared/billing/plan-features';
import type { PlanCapability } from '../../../shared/billing/plans';

/**
 * A paid feature shown as paid before anyone does the work: its plan badge and price, and one way on
 * in words for the reader's role — owners and admins "Upgrade", a member asks the owner by name.
 * The plan and price come from the plan catalogue, as the pricing cards do.
 */
export function PaidFeatureLock({
  capability,
  canManage,
  askForUpgrade,
}: {
  capability: PlanCapability;
  canManage: boolean;
  askForUpgrade: string | null;
}) {
  const planName = planNeededFor(capability);
  return (
    <div
      data-testid={`paid-lock-${capability}`}
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700"
    >
      <span className="inline-flex items-center gap-1 rounded-full bg-brand/10 px-2 py-0.5 text-xs font-semibold text-brand-dark">
        <Lock className="h-3 w-3" aria-hidden="true" />
        {planName}
      </span>
      <p className="min-w-0 flex-1">
        {capabilityPlanWords(capability)}
        {canManage ? '' : ` Ask ${askForUpgrade ?? 'your organization’s owner'} to upgrade.`}
      </p>
      {canManage && (
        <Link
          to="/account/billing"
          className="inline-flex h-9 items-center rounded-md bg-brand px-4 text-sm font-medium text-white hover:bg-brand-dark"
        >
          Upgrade
        </Link>
      )}
    </div>
  );
}
