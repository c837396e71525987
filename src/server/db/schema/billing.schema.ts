import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.schema';
import { timestamptz, createdAtNow, updatedAtNow, ownerUserId } from './columns';

/** The payment provider's customer for a user (Stripe customer, or the test provider's). */
export const billingCustomer = pgTable(
  'billing_customer',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** stripe or test: a customer belongs to the provider that created it. */
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: createdAtNow(),
  },
  (t) => [uniqueIndex('billing_customer_provider_customer_idx').on(t.provider, t.customerId)],
);

/** A checkout the user started; its id is the provider's session id (what ?session_id= carries). */
export const checkoutSession = pgTable(
  'checkout_session',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    userId: ownerUserId(),
    organizationId: text('organization_id').references(() => organization.id, { onDelete: 'set null' }),
    /** standard or pro */
    plan: text('plan').notNull(),
    /** monthly or annual */
    billingPeriod: text('billing_period').notNull(),
    /** subscription or lifetime */
    kind: text('kind').notNull(),
    seats: integer('seats').notNull().default(1),
    /** Cents, from the catalogue: per interval for a subscription, once for lifetime. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    promotionCode: text('promotion_code'),
    /** open, completed, expired */
    status: text('status').notNull().default('open'),
    subscriptionId: text('subscription_id'),
    createdAt: createdAtNow(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [index('checkout_session_user_idx').on(t.userId, t.createdAt)],
);

/** Our copy of a provider subscription, refreshed from the provider on every event. */
export const billingSubscription = pgTable(
  'billing_subscription',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    userId: ownerUserId(),
    organizationId: text('organization_id').references(() => organization.id, { onDelete: 'set null' }),
    checkoutSessionId: text('checkout_session_id'),
    plan: text('plan').notNull(),
    billingPeriod: text('billing_period').notNull(),
    seats: integer('seats').notNull().default(1),
    /** The provider's status word as read (Stripe's: trialing, active, past_due, unpaid, paused, canceled, incomplete…). */
    providerStatus: text('provider_status').notNull(),
    trialEndsAt: timestamptz('trial_ends_at'),
    currentPeriodEnd: timestamptz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamptz('canceled_at'),
    /**
     * When the state above was read from the provider. A write carrying an older read is refused,
     * so two handlers racing cannot leave the older state behind.
     */
    stateReadAt: timestamp('state_read_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (t) => [index('billing_subscription_user_idx').on(t.userId)],
);

/** Provider event ids already applied (or being applied): each webhook event changes things once. */
export const processedWebhookEvent = pgTable('processed_webhook_event', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  /** processing while a handler holds it, done once applied */
  status: text('status').notNull().default('processing'),
  claimedAt: timestamptz('claimed_at').notNull().defaultNow(),
  processedAt: timestamptz('processed_at'),
});

/** Invoices and one-time payments, for the billing tab and for support. */
export const billingPayment = pgTable(
  'billing_payment',
  {
    /** The provider's invoice id, or `lifetime_<session id>` for a one-time payment. */
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    userId: ownerUserId(),
    subscriptionId: text('subscription_id'),
    checkoutSessionId: text('checkout_session_id'),
    /** subscription or lifetime */
    kind: text('kind').notNull(),
    plan: text('plan').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** paid, pending, failed; refunded or disputed once the money went back (0024) */
    status: text('status').notNull(),
    description: text('description').notNull().default(''),
    invoiceUrl: text('invoice_url'),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (t) => [index('billing_payment_user_idx').on(t.userId, t.createdAt)],
);

/** The built-in test provider's own records (its TEST MODE pretend versions of Stripe's objects). */
export const testPaymentObject = pgTable(
  'test_payment_object',
  {
    id: text('id').primaryKey(),
    /** customer, checkout_session, subscription */
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (t) => [index('test_payment_object_kind_idx').on(t.kind)],
);

/**
 * Reminders that an organization's trial ends soon (3 days, 1 day before), one row per reminder
 * sent: the insert that wins sends the e-mails, so two processes never send one twice (0153).
 */
export const trialReminder = pgTable(
  'trial_reminder',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** 3-days or 1-day */
    kind: text('kind').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.kind] })],
);
