import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeConnection, toProviderEvent } from './stripe-payment-provider';

const event = (type: string, object: Record<string, unknown>) =>
  ({ id: 'evt_1', object: 'event', type, created: 1700000000, data: { object } }) as unknown as Stripe.Event;

describe('stripeConnection', () => {
  it("uses Stripe's own host when no API base is set", () => {
    expect(stripeConnection(undefined)).toEqual({});
  });

  it('points the SDK at a stand-in by host, port and protocol', () => {
    expect(stripeConnection('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: '12111', protocol: 'http' });
    expect(stripeConnection('https://stripe-mock.internal')).toEqual({
      host: 'stripe-mock.internal',
      port: 443,
      protocol: 'https',
    });
  });
});

describe('toProviderEvent', () => {
  it('points checkout and subscription events at the object to re-read', () => {
    expect(toProviderEvent(event('checkout.session.completed', { id: 'cs_1' })).subject).toEqual({
      kind: 'checkout_session',
      id: 'cs_1',
    });
    for (const type of ['created', 'updated', 'deleted', 'paused', 'resumed', 'trial_will_end']) {
      expect(toProviderEvent(event(`customer.subscription.${type}`, { id: 'sub_1' })).subject).toEqual({
        kind: 'subscription',
        id: 'sub_1',
      });
    }
  });

  it('reads the subscription of an invoice from its parent (2025+ API shape)', () => {
    const e = toProviderEvent(
      event('invoice.payment_failed', {
        id: 'in_1',
        customer: 'cus_1',
        amount_paid: 0,
        amount_due: 1900,
        currency: 'usd',
        number: null,
        parent: { subscription_details: { subscription: 'sub_9' } },
      }),
    );
    expect(e.subject).toEqual({
      kind: 'invoice',
      invoice: {
        id: 'in_1',
        subscriptionId: 'sub_9',
        customerId: 'cus_1',
        amount: 1900,
        currency: 'usd',
        status: 'failed',
        description: 'Subscription invoice',
        url: null,
      },
    });
  });

  it('turns refunds and disputes into a charge to re-read (0024), and ignores everything else', () => {
    expect(toProviderEvent(event('charge.refunded', { id: 'ch_1' })).subject).toEqual({
      kind: 'charge',
      reason: 'refunded',
      chargeId: 'ch_1',
      disputeId: null,
    });
    expect(toProviderEvent(event('charge.dispute.created', { id: 'dp_1', charge: 'ch_1' })).subject).toEqual({
      kind: 'charge',
      reason: 'disputed',
      chargeId: null,
      disputeId: 'dp_1',
    });
    expect(toProviderEvent(event('charge.succeeded', { id: 'ch_1' })).subject).toEqual({ kind: 'ignored' });
  });
});
