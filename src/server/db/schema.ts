import { boolean, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

// The first four tables are better-auth's (user, session, account, verification) with our
// profile and subscription columns on `user`. Column names are snake_case in SQL and camelCase
// in TypeScript; better-auth addresses them by the TypeScript names through the drizzle adapter.

export const users = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  fullName: text('full_name'),
  displayName: text('display_name'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  /** Storage key of the avatar; the API answers with a signed URL made from it. */
  profileImageKey: text('profile_image_key'),
  timezone: text('timezone'),
  plan: text('plan', { enum: ['free', 'basic', 'plus', 'pro'] })
    .notNull()
    .default('free'),
  subscriptionStatus: text('subscription_status'),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  stripePriceId: text('stripe_price_id'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  /** The subscription ends at currentPeriodEnd instead of renewing (still active until then). */
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
});

export const sessions = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * Products the user promotes. The products feature adds its columns (images, AI brief);
 * entitlements already count a user's products to decide app access.
 */
export const products = pgTable(
  'product',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_user_id_idx').on(t.userId)],
);

/**
 * The usage ledger: one row per counted thing. The unique key makes counting idempotent
 * (a carousel post counted at its first upload attempt, a video when its render completes).
 */
export const usageEvents = pgTable(
  'usage_event',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['carousel', 'video'] }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Keys are unique per user, so one user's key can never swallow another user's count.
  (t) => [
    unique('usage_event_user_key_unique').on(t.userId, t.idempotencyKey),
    index('usage_event_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Browser links of the local test checkout (checkout pages and portal pages). The link carries
 * a random token; only its SHA-256 is stored, so reading this table does not yield usable links.
 */
export const billingSessions = pgTable(
  'billing_session',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['checkout', 'portal'] }).notNull(),
    plan: text('plan', { enum: ['basic', 'plus', 'pro'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('billing_session_user_id_idx').on(t.userId)],
);

/** Invoices of the local test checkout (with Stripe, invoices are read from Stripe). */
export const billingInvoices = pgTable(
  'billing_invoice',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['basic', 'plus', 'pro'] }).notNull(),
    amountDue: integer('amount_due').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_invoice_user_created_idx').on(t.userId, t.createdAt)],
);

/** Stripe webhook event ids already applied: a redelivered event is answered 200 and ignored. */
export const billingEvents = pgTable('billing_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
