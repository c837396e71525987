import { randomBytes } from 'node:crypto';
import {
  WebhookNotConfiguredError,
  type CheckoutLineInput,
  type CreateCheckoutSessionInput,
  type PaymentProvider,
  type ProviderCheckoutSession,
  type ProviderEvent,
  type ProviderSubscription,
} from './payment-provider';
import type { TestPaymentRepository } from './test-payment.repository';

/**
 * The embedded default when no Stripe key is set: checkout is a clearly labelled test payment
 * page on this server (/checkout/test-payment/:id), and paying on it produces the same events a
 * Stripe webhook would, fed through the same billing code.
 */
export type TestCheckout = {
  [key: string]: unknown;
  mode: 'subscription' | 'payment';
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customerId: string;
  customerEmail: string;
  lines: CheckoutLineInput[];
  /** ISO moment of the first charge after a free trial; null: charged on Pay. */
  trialEnd: string | null;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  subscriptionId: string | null;
  amountTotal: number;
};

export type TestSubscription = {
  [key: string]: unknown;
  status: string;
  customerId: string;
  metadata: Record<string, string>;
  interval: 'month' | 'year';
  recurringTotal: number;
  trialEnd: string | null;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
};

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const iso = (date: Date) => date.toISOString();

function addInterval(from: Date, interval: 'month' | 'year'): Date {
  const next = new Date(from);
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

const lineTotal = (lines: CheckoutLineInput[]) => lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0);

export type TestPaymentProvider = PaymentProvider & {
  findCheckout(id: string): Promise<TestCheckout | undefined>;
  /** The person pressed Pay: completes the session (and starts the subscription); returns the event to apply. */
  payCheckout(id: string, now?: Date): Promise<ProviderEvent | null>;
  /** The person pressed Cancel. */
  cancelCheckout(id: string): Promise<void>;
  /** Changes a test subscription the way Stripe would (tests, and the trial sweep); returns the event to apply. */
  updateSubscription(id: string, patch: Partial<TestSubscription>): Promise<ProviderEvent>;
  /**
   * Moves subscriptions whose trial or period has ended, as Stripe's clock would: a cancellation
   * scheduled for the period end takes effect, anything else is charged (test mode always
   * succeeds) and runs another period. One event per subscription.
   */
  settleDue(now: Date): Promise<ProviderEvent[]>;
};

export function createTestPaymentProvider(repo: TestPaymentRepository, publicUrl: string): TestPaymentProvider {
  const event = (type: string, subject: ProviderEvent['subject']): ProviderEvent => ({
    id: newId('evt'),
    type,
    created: Math.floor(Date.now() / 1000),
    subject,
  });

  async function findSubscription(id: string): Promise<TestSubscription> {
    const sub = await repo.find<TestSubscription>('subscription', id);
    if (!sub) throw new Error(`No such test subscription: ${id}`);
    return sub;
  }

  return {
    name: 'test',

    async createCustomer({ email, name, userId }) {
      const id = newId('cus');
      await repo.insert('customer', id, { email, name, userId });
      return id;
    },

    // Test mode knows no promotion codes besides the catalogue's own lifetime offer.
    async findPromotionCode() {
      return null;
    },

    async createCheckoutSession(input: CreateCheckoutSessionInput) {
      const id = newId('cs');
      const data: TestCheckout = {
        mode: input.mode,
        status: 'open',
        paymentStatus: 'unpaid',
        customerId: input.customerId,
        customerEmail: input.customerEmail,
        lines: input.lines,
        trialEnd: input.mode === 'subscription' && input.trialEnd ? iso(input.trialEnd) : null,
        metadata: input.metadata,
        successUrl: input.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(id)),
        cancelUrl: input.cancelUrl,
        subscriptionId: null,
        amountTotal: input.mode === 'subscription' && input.trialEnd ? 0 : lineTotal(input.lines),
      };
      await repo.insert('checkout_session', id, data);
      return { id, url: `${publicUrl}/checkout/test-payment/${encodeURIComponent(id)}` };
    },

    async retrieveCheckoutSession(id): Promise<ProviderCheckoutSession> {
      const s = await repo.find<TestCheckout>('checkout_session', id);
      if (!s) throw new Error(`No such test checkout session: ${id}`);
      return {
        id,
        url: `${publicUrl}/checkout/test-payment/${encodeURIComponent(id)}`,
        mode: s.mode,
        status: s.status,
        paymentStatus: s.paymentStatus,
        subscriptionId: s.subscriptionId,
        customerId: s.customerId,
        amountTotal: s.amountTotal,
        currency: 'usd',
        metadata: s.metadata,
      };
    },

    async retrieveSubscription(id): Promise<ProviderSubscription> {
      const s = await findSubscription(id);
      return {
        id,
        status: s.status,
        customerId: s.customerId,
        metadata: s.metadata,
        trialEnd: s.trialEnd ? new Date(s.trialEnd) : null,
        currentPeriodEnd: new Date(s.currentPeriodEnd),
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        canceledAt: s.canceledAt ? new Date(s.canceledAt) : null,
      };
    },

    // Test mode has no hosted portal: the person is sent back to their billing page.
    async createPortalSession(_customerId, returnUrl) {
      return returnUrl;
    },

    // Test mode has no charges to refund from outside: Plan & Billing's test refund acts directly.
    async findChargedPurchase() {
      return null;
    },

    parseWebhook() {
      throw new WebhookNotConfiguredError('the test payment provider receives no webhooks');
    },

    findCheckout: (id) => repo.find<TestCheckout>('checkout_session', id),

    async payCheckout(id, now = new Date()) {
      const session = await repo.find<TestCheckout>('checkout_session', id);
      if (!session || session.status !== 'open') return null;
      let subscription: { id: string; data: TestSubscription } | null = null;
      if (session.mode === 'subscription') {
        const interval = session.lines[0]?.interval ?? 'month';
        // A trial that ran out while the page stood open is no trial: Pay charges at once.
        const trialEnd =
          session.trialEnd && Date.parse(session.trialEnd) > now.getTime() ? new Date(session.trialEnd) : null;
        subscription = {
          id: newId('sub'),
          data: {
            status: trialEnd ? 'trialing' : 'active',
            customerId: session.customerId,
            metadata: session.metadata,
            interval,
            recurringTotal: lineTotal(session.lines),
            trialEnd: trialEnd ? iso(trialEnd) : null,
            currentPeriodEnd: iso(trialEnd ?? addInterval(now, interval)),
            cancelAtPeriodEnd: false,
            canceledAt: null,
          },
        };
      }
      const amountTotal =
        subscription && !subscription.data.trialEnd ? subscription.data.recurringTotal : session.amountTotal;
      const paid: TestCheckout = {
        ...session,
        amountTotal,
        status: 'complete',
        paymentStatus: amountTotal > 0 ? 'paid' : 'no_payment_required',
        subscriptionId: subscription?.id ?? null,
      };
      // Only the first Pay completes the session; a double click changes nothing more.
      if (!(await repo.updateIfStatus('checkout_session', id, 'open', paid))) return null;
      if (subscription) await repo.insert('subscription', subscription.id, subscription.data);
      return event('checkout.session.completed', { kind: 'checkout_session', id });
    },

    async cancelCheckout(id) {
      const session = await repo.find<TestCheckout>('checkout_session', id);
      if (!session) return;
      await repo.updateIfStatus('checkout_session', id, 'open', { ...session, status: 'expired' });
    },

    async updateSubscription(id, patch) {
      const sub = await findSubscription(id);
      await repo.update('subscription', id, { ...sub, ...patch });
      return event('customer.subscription.updated', { kind: 'subscription', id });
    },

    async cancelSubscription(id, when) {
      const sub = await findSubscription(id);
      if (sub.status === 'canceled') return;
      const patch: Partial<TestSubscription> =
        when === 'now'
          ? { status: 'canceled', cancelAtPeriodEnd: false, canceledAt: iso(new Date()) }
          : { cancelAtPeriodEnd: true, canceledAt: iso(new Date()) };
      await repo.update('subscription', id, { ...sub, ...patch });
    },

    async resumeSubscription(id) {
      const sub = await findSubscription(id);
      if (sub.status === 'canceled') throw new Error(`Test subscription ${id} has ended and cannot be resumed`);
      await repo.update('subscription', id, { ...sub, cancelAtPeriodEnd: false, canceledAt: null });
    },

    async changeSubscription(id, { lines, metadata }) {
      const sub = await findSubscription(id);
      if (sub.status === 'canceled') throw new Error(`Test subscription ${id} has ended and cannot be changed`);
      await repo.update('subscription', id, {
        ...sub,
        metadata: { ...sub.metadata, ...metadata },
        interval: lines[0]?.interval ?? sub.interval,
        recurringTotal: lineTotal(lines),
      });
    },

    async settleDue(now) {
      const events: ProviderEvent[] = [];
      const due = [
        ...(await repo.listByStatus<TestSubscription>('subscription', 'trialing')),
        ...(await repo.listByStatus<TestSubscription>('subscription', 'active')),
      ];
      for (const { id, data } of due) {
        const endsAt = data.status === 'trialing' ? data.trialEnd : data.currentPeriodEnd;
        if (!endsAt || Date.parse(endsAt) > now.getTime()) continue;
        if (data.cancelAtPeriodEnd) {
          await repo.update('subscription', id, {
            ...data,
            status: 'canceled',
            cancelAtPeriodEnd: false,
            canceledAt: data.canceledAt ?? iso(now),
          });
          events.push(event('customer.subscription.deleted', { kind: 'subscription', id }));
          continue;
        }
        // A server that was down for a while charges once and starts the next period from now.
        let periodEnd = addInterval(new Date(endsAt), data.interval);
        if (periodEnd.getTime() <= now.getTime()) periodEnd = addInterval(now, data.interval);
        await repo.update('subscription', id, { ...data, status: 'active', currentPeriodEnd: iso(periodEnd) });
        events.push(
          event('invoice.paid', {
            kind: 'invoice',
            invoice: {
              id: newId('in'),
              subscriptionId: id,
              customerId: data.customerId,
              amount: data.recurringTotal,
              currency: 'usd',
              status: 'paid',
              description: 'Test mode invoice (no money moved)',
              url: null,
            },
          }),
        );
      }
      return events;
    },
  };
}
