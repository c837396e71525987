import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase, describeEachDatabase } from '../../test-support/test-app';
import { createTestPaymentProvider, type TestPaymentProvider } from './test-payment-provider';
import { createTestPaymentRepository } from './test-payment.repository';
import { DAY_MS, daysAfter } from '../../shared/duration';

describeEachDatabase('test payment provider', (kind) => {
  let database: Database;
  let provider: TestPaymentProvider;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    provider = createTestPaymentProvider(createTestPaymentRepository(database.db), 'https://sp.example');
  });
  afterAll(async () => database?.close());

  const start = async (mode: 'subscription' | 'payment' = 'subscription') => {
    const customerId = await provider.createCustomer({ email: 'a@example.com', name: 'A', userId: 'u1' });
    return provider.createCheckoutSession({
      mode,
      customerId,
      customerEmail: 'a@example.com',
      lines: [{ name: 'Standard', unitAmount: 1900, quantity: 1, interval: mode === 'payment' ? null : 'month' }],
      trialEnd: mode === 'payment' ? null : daysAfter(Date.now(), 7),
      promotionCodeId: null,
      metadata: { userId: 'u1', plan: 'standard', billingPeriod: 'monthly' },
      clientReferenceId: 'u1',
      successUrl: 'https://sp.example/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://sp.example/checkout',
    });
  };

  it('serves its payment page from this app and fills in the session id', async () => {
    const { id, url } = await start();
    expect(url).toBe(`https://sp.example/checkout/test-payment/${id}`);
    expect((await provider.findCheckout(id))?.successUrl).toBe(`https://sp.example/checkout/success?session_id=${id}`);
  });

  it('a double click on Pay completes the session once and starts one trialing subscription', async () => {
    const { id } = await start();
    const events = await Promise.all([provider.payCheckout(id), provider.payCheckout(id), provider.payCheckout(id)]);
    expect(events.filter(Boolean)).toHaveLength(1);
    const session = await provider.retrieveCheckoutSession(id);
    expect(session).toMatchObject({ status: 'complete', paymentStatus: 'no_payment_required' });
    const sub = await provider.retrieveSubscription(session.subscriptionId!);
    expect(sub.status).toBe('trialing');
    expect((sub.trialEnd!.getTime() - Date.now()) / DAY_MS).toBeCloseTo(7, 1);
  });

  it('a trial that ran out while the page stood open is charged on Pay', async () => {
    const { id } = await start();
    await provider.payCheckout(id, daysAfter(Date.now(), 8));
    const session = await provider.retrieveCheckoutSession(id);
    expect(session).toMatchObject({ status: 'complete', paymentStatus: 'paid', amountTotal: 1900 });
    expect((await provider.retrieveSubscription(session.subscriptionId!)).status).toBe('active');
  });

  it('charges when the trial ends, and a one-time payment is paid at once', async () => {
    const { id } = await start();
    await provider.payCheckout(id);
    const events = await provider.settleDue(daysAfter(Date.now(), 8));
    const subId = (await provider.retrieveCheckoutSession(id)).subscriptionId!;
    const invoice = events.find((e) => e.subject.kind === 'invoice' && e.subject.invoice.subscriptionId === subId);
    expect(invoice?.subject).toMatchObject({ kind: 'invoice', invoice: { amount: 1900, status: 'paid' } });
    expect((await provider.retrieveSubscription(subId)).status).toBe('active');

    const lifetime = await start('payment');
    await provider.payCheckout(lifetime.id);
    expect(await provider.retrieveCheckoutSession(lifetime.id)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      amountTotal: 1900,
      subscriptionId: null,
    });
  });

  it('renews an active subscription at its period end, once per period', async () => {
    const { id } = await start();
    await provider.payCheckout(id);
    const subId = (await provider.retrieveCheckoutSession(id)).subscriptionId!;
    const afterTrial = daysAfter(Date.now(), 8);
    await provider.settleDue(afterTrial);
    const firstEnd = (await provider.retrieveSubscription(subId)).currentPeriodEnd!;
    // Running again at the same moment charges nothing more.
    const again = await provider.settleDue(afterTrial);
    expect(
      again.filter((e) => e.subject.kind === 'invoice' && e.subject.invoice.subscriptionId === subId),
    ).toHaveLength(0);
    const renewed = await provider.settleDue(new Date(firstEnd.getTime() + 1000));
    expect(
      renewed.filter((e) => e.subject.kind === 'invoice' && e.subject.invoice.subscriptionId === subId),
    ).toHaveLength(1);
    expect((await provider.retrieveSubscription(subId)).currentPeriodEnd!.getTime()).toBeGreaterThan(
      firstEnd.getTime(),
    );
  });

  it('a cancellation for the period end ends the subscription then, without a charge; resume takes it back', async () => {
    const a = await start();
    await provider.payCheckout(a.id);
    const subA = (await provider.retrieveCheckoutSession(a.id)).subscriptionId!;
    await provider.cancelSubscription(subA, 'period_end');
    expect(await provider.retrieveSubscription(subA)).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true });

    const b = await start();
    await provider.payCheckout(b.id);
    const subB = (await provider.retrieveCheckoutSession(b.id)).subscriptionId!;
    await provider.cancelSubscription(subB, 'period_end');
    await provider.resumeSubscription(subB);
    expect(await provider.retrieveSubscription(subB)).toMatchObject({ cancelAtPeriodEnd: false, canceledAt: null });

    const events = await provider.settleDue(daysAfter(Date.now(), 8));
    const forA = events.filter(
      (e) =>
        (e.subject.kind === 'subscription'
          ? e.subject.id
          : e.subject.kind === 'invoice'
            ? e.subject.invoice.subscriptionId
            : null) === subA,
    );
    expect(forA.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    expect(await provider.retrieveSubscription(subA)).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect((await provider.retrieveSubscription(subB)).status).toBe('active');
    await expect(provider.resumeSubscription(subA)).rejects.toThrow(/ended/);
  });

  it('cancels at once, and changes lines and metadata in place', async () => {
    const { id } = await start();
    await provider.payCheckout(id);
    const subId = (await provider.retrieveCheckoutSession(id)).subscriptionId!;
    await provider.changeSubscription(subId, {
      lines: [
        { name: 'Pro', unitAmount: 199_000, quantity: 1, interval: 'year' },
        { name: 'Extra seat', unitAmount: 19_000, quantity: 2, interval: 'year' },
      ],
      metadata: { plan: 'pro', billingPeriod: 'annual', seats: '3' },
    });
    const changed = await provider.retrieveSubscription(subId);
    expect(changed.metadata).toMatchObject({ plan: 'pro', billingPeriod: 'annual', seats: '3' });
    expect(changed.status).toBe('trialing');
    await provider.cancelSubscription(subId, 'now');
    expect(await provider.retrieveSubscription(subId)).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
  });

  it('takes no webhooks', () => {
    expect(() => provider.parseWebhook(Buffer.from('{}'), 'sig')).toThrow(/no webhooks/);
  });
});
