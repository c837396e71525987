import { createBillingCheckout } from './billing-checkout.service';
import { createBillingContext, type BillingDeps } from './billing-context';
import { createBillingManage } from './billing-manage.service';
import { createBillingStatus } from './billing-status.service';

/**
 * The billing service the routes call: its three jobs, each in its own file (decision 0107) —
 * status (billing-status.service.ts), checkout (billing-checkout.service.ts) and plan management in
 * place (billing-manage.service.ts) — over one shared context (billing-context.ts).
 */
export function createBillingService(deps: BillingDeps) {
  const context = createBillingContext(deps);
  const status = createBillingStatus(deps, context);
  return {
    provider: deps.provider.name,
    ...status,
    ...createBillingCheckout(deps, context),
    ...createBillingManage(deps, context, status),
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
