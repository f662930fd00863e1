import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

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
    /** Up to 5 stored images in upload order; the API answers with signed URLs made from them. */
    images: jsonb('images').$type<ProductImage[]>().notNull().default([]),
    /**
     * A product's AI brief (docs/product/products.md rule 2: ({ hooks, hooksSeeds, voice, hashtags
     * }), null until analysed.
     */
    aiBrief: jsonb('ai_brief').$type<Record<string, unknown>>(),
    brandVoice: text('brand_voice'),
    isDefault: boolean('is_default').notNull().default(false),
    analyzedAt: timestamp('analyzed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_user_id_idx').on(t.userId)],
);

/** A product image as stored: the web-friendly full image and its thumbnail. */
export type ProductImage = { key: string; thumbKey: string; width: number; height: number };

/**
 * Fair use of the AI text endpoints (docs/product/billing.md rule 5): one counter per user and UTC
 * day, bumped with an atomic upsert so parallel requests cannot slip past the allowance.
 */
export const aiDailyUsage = pgTable(
  'ai_daily_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** A draft (docs/product/create.md rule 4): one carousel or video in the making. */
export const drafts = pgTable(
  'draft',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['carousel', 'video'] }).notNull(),
    // A deleted product leaves its drafts in place, unlinked.
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    hook: text('hook'),
    caption: text('caption'),
    hashtags: jsonb('hashtags').$type<string[]>().notNull().default([]),
    carouselPlan: jsonb('carousel_plan').$type<{ slides: { text: string; imageUrl?: string }[] }>(),
    assets: jsonb('assets').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('draft'),
    originItemId: text('origin_item_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('draft_user_updated_idx').on(t.userId, t.updatedAt),
    index('draft_user_origin_item_idx').on(t.userId, t.originItemId),
  ],
);

/**
 * Image collections of the shared library (starter library or an operator's import). They are
 * platform content, not a user's: every user reads them, only the import command writes them.
 */
export const carouselCollections = pgTable('carousel_collection', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  /** Order on the Carousel Maker's panel (the first 4 are shown there). */
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Carousel background images: platform images belong to a collection and have no user; a user's
 * own uploads have a user and no collection.
 */
export const carouselImages = pgTable(
  'carousel_image',
  {
    id: text('id').primaryKey(),
    collectionKey: text('collection_key').references(() => carouselCollections.key, {
      onDelete: 'cascade',
    }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    position: integer('position').notNull().default(0),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('carousel_image_collection_idx').on(t.collectionKey, t.position),
    index('carousel_image_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Rendered slides hosted for a later photo post; a job deletes them after `expiresAt`. */
export const tempImages = pgTable(
  'temp_image',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    // The stored JPEG's size, written with the file, so the TikTok preflight need not read it
    // back (decision 259). Null on rows made before migration 0026: those are read as before.
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('temp_image_expires_idx').on(t.expiresAt)],
);

/**
 * Product analytics events the client records (docs/product/analytics.md rule 5:
 * generation_blocked).
 */
export const appEvents = pgTable(
  'app_event',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    properties: jsonb('properties')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_event_user_created_idx').on(t.userId, t.createdAt)],
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

/**
 * TikTok webhooks already applied, by a hash of their signed body (decision 064). TikTok retries
 * an event for up to 72 hours, so a late delivery is accepted; a retry or a replay of one already
 * applied is answered 200 and ignored. Rows older than the window are deleted as new ones come.
 */
export const tiktokWebhookEvents = pgTable(
  'tiktok_webhook_event',
  {
    key: text('key').primaryKey(),
    event: text('event').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tiktok_webhook_event_received_idx').on(t.receivedAt)],
);

/**
 * Rate-limit counters shared by every API process (decision 019): one row per bucket and
 * client (address or account), counted by one atomic upsert until `reset_at`.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hit',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hit_reset_at_idx').on(t.resetAt)],
);

/**
 * A TikTok account a user connected (docs/product/publishing.md rule 2). Tokens are AES-256-GCM
 * ciphertexts bound to their row (docs/product/publishing.md rule 2), never selected by a route
 * that answers the browser. At most one default per user, kept by a partial unique index.
 */
export const tiktokAccounts = pgTable(
  'tiktok_account',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openId: text('open_id').notNull(),
    displayName: text('display_name').notNull(),
    username: text('username'),
    avatarUrl: text('avatar_url'),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    accessTokenEnc: text('access_token_enc').notNull(),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }).notNull(),
    refreshTokenEnc: text('refresh_token_enc').notNull(),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    reconnectNeeded: boolean('reconnect_needed').notNull().default(false),
    /** Set while one process refreshes the tokens, so no other spends the same refresh token. */
    refreshLeaseUntil: timestamp('refresh_lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('tiktok_account_user_open_id_unique').on(t.userId, t.openId),
    uniqueIndex('tiktok_account_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    index('tiktok_account_open_id_idx').on(t.openId),
  ],
);

/**
 * Single-use secrets of the connection flow, stored as SHA-256 only: a login `ticket` (minted by
 * an authenticated call, lives 2 minutes) and the OAuth `state` it turns into (lives 10 minutes).
 */
export const tiktokAuthGrants = pgTable(
  'tiktok_auth_grant',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['ticket', 'state'] }).notNull(),
    addAnother: boolean('add_another').notNull().default(false),
    /** Where the browser lands afterwards: the callback page (then /app) or the Settings tab. */
    returnTo: text('return_to', { enum: ['app', 'settings'] })
      .notNull()
      .default('app'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * SHA-256 of the nonce in the browser cookie of whoever minted the ticket (decision 055): the
     * ticket, and the state it becomes, only work in that browser.
     */
    browserNonceHash: text('browser_nonce_hash'),
    /**
     * The state's PKCE verifier (decision 056), kept here and never sent to the browser; the state
     * is single use and lives 10 minutes, and the verifier is useless without the code and secret.
     */
    codeVerifier: text('code_verifier'),
  },
  (t) => [index('tiktok_auth_grant_expires_idx').on(t.expiresAt)],
);

/**
 * The calls made with each TikTok account in the last minute, by kind: the per-token budgets,
 * shared by every process. One row per account and kind, its call times oldest first, taken or
 * refused in one statement under the row's lock (decision 259).
 */
export const tiktokCallWindows = pgTable(
  'tiktok_call_window',
  {
    openId: text('open_id').notNull(),
    kind: text('kind', {
      enum: ['init', 'status', 'creator_info', 'user_info', 'video_list', 'video_query'],
    }).notNull(),
    calls: timestamp('calls', { withTimezone: true }).array().notNull(),
    /** Whether the statement that last wrote the row took a call: its answer, read back at once. */
    taken: boolean('taken').notNull(),
  },
  (t) => [primaryKey({ columns: [t.openId, t.kind] })],
);

/**
 * A post sent (or about to be sent) to a TikTok account's inbox (decision 027). The state machine
 * lives in `modules/publishing`: draft → initialising → uploading | downloading → in_inbox →
 * published, or failed. `publish_id` is written in the same statement that records the init's
 * success; `init_started_at` without a `publish_id` means the init's outcome is unknown.
 */
export const tiktokPosts = pgTable(
  'tiktok_post',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openId: text('open_id').notNull(),
    /** The account's @username when sent, for the post's link. */
    username: text('username'),
    kind: text('kind', { enum: ['photo', 'video'] }).notNull(),
    /** The client's key for this post: a repeated init with it resumes instead of sending twice. */
    clientKey: text('client_key').notNull(),
    originDraftId: text('origin_draft_id'),
    /**
     * What made the post, copied from its draft when it was sent: the editor deletes a Hook + Demo
     * draft once it is posted, and analytics still names its hook and character (decision 111).
     */
    origin: jsonb('origin').$type<{
      productId: string | null;
      hook: string | null;
      templateId: string | null;
      characterId: string | null;
      characterUrl: string | null;
    }>(),
    title: text('title').notNull().default(''),
    /** Storage keys of the slides (photo) or of the video, and the video's size. */
    media: jsonb('media')
      .$type<{ keys: string[]; videoSize?: number; uploaded?: boolean }>()
      .notNull(),
    state: text('state', {
      enum: [
        'draft',
        'initialising',
        'uploading',
        'downloading',
        'in_inbox',
        'published',
        'failed',
      ],
    }).notNull(),
    publishId: text('publish_id'),
    uploadUrl: text('upload_url'),
    /** TikTok's last status word (PROCESSING_UPLOAD, SEND_TO_USER_INBOX, …). */
    tiktokStatus: text('tiktok_status'),
    failReason: text('fail_reason'),
    /** The fail reason in plain words with what to do next, shown in the queue. */
    message: text('message'),
    postIds: jsonb('post_ids').$type<string[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    initStartedAt: timestamp('init_started_at', { withTimezone: true }),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /** Past this the fast polling stops and only the reconciliation schedule checks. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    logId: text('log_id'),
    /**
     * Who is sending the video's bytes and until when: renewed while the upload runs, so a dead
     * sender's post is free again within a lease (decision 073).
     */
    uploadHolder: text('upload_holder'),
    uploadLeaseUntil: timestamp('upload_lease_until', { withTimezone: true }),
    /** Removed from the queue panel by its owner; the record stays while TikTok may still act on it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /**
     * When TikTok said the post stopped being publicly viewable (the webhook's `create_time`):
     * made private, taken down by the creator or by moderation. A later "publicly available"
     * clears it. Null while it is public, or never was.
     */
    noLongerPublicAt: timestamp('no_longer_public_at', { withTimezone: true }),
    /** The time of the latest public/not-public word applied, so an older one is ignored. */
    publicnessChangedAt: timestamp('publicness_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('tiktok_post_user_client_key_unique').on(t.userId, t.clientKey),
    unique('tiktok_post_publish_id_unique').on(t.publishId),
    index('tiktok_post_user_created_idx').on(t.userId, t.createdAt),
    index('tiktok_post_open_id_created_idx').on(t.openId, t.createdAt),
    index('tiktok_post_state_check_idx').on(t.state, t.nextCheckAt),
    /**
     * The pending-shares count of an account (`pendingSince` in `publishing-repo.ts`) reads the
     * last 24 h of this expression as a range; without it the count visited every pending-state
     * row the account ever had (decisions 203, 219). The query must spell the same expression and
     * name the same states (`PENDING_STATES`): only pending rows are kept, so published and
     * failed history, and the other accounts' pending rows, are never read.
     */
    index('tiktok_post_open_id_pending_since_idx')
      .on(t.openId, sql`coalesce(${t.initStartedAt}, ${t.createdAt})`)
      .where(sql`${t.state} in ('draft', 'initialising', 'uploading', 'downloading', 'in_inbox')`),
  ],
);

// ─── Product videos (videos module) ────────────────────────────────────────────────────────────

/**
 * A user's stored product video (docs/product/hook-demo.md rule 4): normalised mp4 at `path`, its
 * JPEG thumbnail beside.
 */
export const productVideos = pgTable(
  'product_video',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `users/{userId}/product-videos/{id}.mp4`; the thumbnail is the same key ending in .jpg. */
    path: text('path').notNull().unique(),
    name: text('name').notNull(),
    durationMs: integer('duration_ms').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Where it came from: an upload through the API, a direct upload, or an imported URL. */
    source: text('source', { enum: ['upload', 'direct', 'import'] }).notNull(),
    /**
     * The uploaded picture's size when it is not 9:16 and kept beside the video as
     * `{id}.original.mp4` (decision 131); null for a 9:16 upload and for older videos.
     */
    originalWidth: integer('original_width'),
    originalHeight: integer('original_height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_video_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A direct upload prepared after a 413 (docs/product/hook-demo.md rule 4): a single-use token for
 * one PUT of the raw file to `stagingKey`; completing it checks and normalises the file into
 * product video `id`.
 */
export const productVideoUploads = pgTable(
  'product_video_upload',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    fileName: text('file_name').notNull(),
    stagingKey: text('staging_key').notNull(),
    status: text('status', { enum: ['pending', 'receiving', 'uploaded', 'completed'] })
      .notNull()
      .default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_video_upload_expires_idx').on(t.expiresAt)],
);

// ───────────────────────── Campaigns (camp-server, issue 12) ─────────────────────────

/**
 * A seller's campaign (docs/product/campaigns.md rule 2): a product, a span of days in a time zone
 * and its slots.
 */
export const campaigns = pgTable(
  'campaign',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A campaign is about its product: deleting the product deletes its campaigns (and items).
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    timezone: text('timezone').notNull(),
    cadenceHours: integer('cadence_hours').notNull(),
    scheduleMode: text('schedule_mode', { enum: ['interval', 'dates'] }).notNull(),
    customDates: jsonb('custom_dates').$type<string[]>().notNull().default([]),
    goal: text('goal').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaign_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * One planned post of a campaign. The send columns hold the automatic sending (decision 049):
 * `scheduleVersion` moves on every (re)schedule so an old delayed job does nothing; a send is
 * claimed in this row (`jobStatus`, `claimedAt`) before anything is rendered or posted, and the
 * post is keyed by item and version, so an item is never sent twice.
 */
export const campaignItems = pgTable(
  'campaign_item',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['carousel', 'video'] }).notNull(),
    strategy: text('strategy').notNull(),
    hook: text('hook'),
    caption: text('caption'),
    hashtags: jsonb('hashtags').$type<string[]>().notNull().default([]),
    carouselPlan: jsonb('carousel_plan').$type<{ slides: { text: string; imageUrl?: string }[] }>(),
    assets: jsonb('assets').$type<Record<string, unknown>>().notNull().default({}),
    /** The plan slot this item fills (0-based) and its time; one item per slot. */
    slotIndex: integer('slot_index').notNull(),
    slotAt: timestamp('slot_at', { withTimezone: true }).notNull(),
    dateScheduled: timestamp('date_scheduled', { withTimezone: true }),
    scheduleVersion: integer('schedule_version').notNull().default(0),
    /** queued | rendering | sending | posted | failed | missed; null before the first schedule. */
    jobStatus: text('job_status'),
    jobUpdatedAt: timestamp('job_updated_at', { withTimezone: true }),
    jobError: text('job_error'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The pg-boss job of the current version, cancelled when the item is moved or deleted. */
    jobId: text('job_id'),
    /** Slides rendered and hosted ahead of the time, for that schedule version (decision 049). */
    prepared: jsonb('prepared').$type<{ version: number; photos: string[] }>(),
    /** The video render and the tiktok_post record of this version's send. */
    renderId: text('render_id'),
    postId: text('post_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_item_slot_idx').on(t.campaignId, t.slotIndex),
    index('campaign_item_user_idx').on(t.userId),
    index('campaign_item_due_idx').on(t.jobStatus, t.dateScheduled),
  ],
);

// ── Templates (issue 13) ─────────────────────────────────────────────────────────────────────

/**
 * One "Use" of a template: the draft it made, under the request's idempotency key, so the same
 * click sent twice makes one draft and counts one use (decision 043). The draft may be deleted
 * later; the use still happened, so there is no foreign key to it.
 */
export const templateUses = pgTable(
  'template_use',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    templateId: text('template_id').notNull(),
    draftId: text('draft_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.idempotencyKey] }),
    index('template_use_template_idx').on(t.templateId),
  ],
);

/** Uses per template, moved in the same transaction as the use itself (the cards read this). */
export const templateUsage = pgTable('template_usage', {
  templateId: text('template_id').primaryKey(),
  usageCount: integer('usage_count').notNull().default(0),
});

// ---------------------------------------------------------------------------------------------
// Rendering (render helper): one row per render, moved through its statuses by the render job,
// Shotstack's webhook and the status fallback with conditional updates.
// ---------------------------------------------------------------------------------------------

/**
 * A video render (docs/product/hook-demo.md rule 7). The output is stored under
 * `users/{userId}/renders/{id}.mp4`; usage is counted once, under `render:{id}`, when it is done.
 */
export const renders = pgTable(
  'render',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** editor | campaign | example */
    source: text('source', { enum: ['editor', 'campaign', 'example'] }).notNull(),
    /** The caller's key: a repeated submit with it returns this render instead of a second one. */
    idempotencyKey: text('idempotency_key'),
    /** The validated edit (ZRenderEdit). */
    edit: jsonb('edit').$type<object>().notNull(),
    /** Shown in the queue panel: the hook text, or a default. */
    prompt: text('prompt').notNull(),
    /** local, or the Shotstack environment (stage | v1) it was sent to. */
    environment: text('environment', { enum: ['local', 'stage', 'v1'] }).notNull(),
    status: text('status', {
      enum: ['queued', 'fetching', 'rendering', 'saving', 'done', 'failed'],
    }).notNull(),
    progress: integer('progress').notNull().default(10),
    error: text('error'),
    /** Shotstack's render id, once submitted there (never submitted twice). */
    providerId: text('provider_id'),
    /** The secret in Shotstack's callback URL (its webhooks are unsigned). */
    callbackToken: text('callback_token'),
    outputKey: text('output_key'),
    durationMs: integer('duration_ms'),
    /** Runs of the job so far (a crash or a time-out adds one). */
    attempts: integer('attempts').notNull().default(0),
    /** Until when the running job holds the render; a dead worker's lease runs out. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Removed from the queue panel by its owner; the video stays available. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    unique('render_user_idempotency_key_unique').on(t.userId, t.idempotencyKey),
    unique('render_provider_id_unique').on(t.providerId),
    index('render_user_created_idx').on(t.userId, t.createdAt),
    index('render_status_lease_idx').on(t.status, t.leaseUntil),
  ],
);

// --- Characters (helper "characters", decisions 038–039) ---

/**
 * An image a user generated (POST /api/characters/generate): the file in storage and what it
 * was made from. Only these may be saved into the library, so a character's image is always
 * one this user made, never an arbitrary URL.
 */
export const characterGenerations = pgTable(
  'character_generation',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    stylePreset: text('style_preset').notNull(),
    name: text('name').notNull(),
    /** `users/{userId}/characters/{id}.jpg`. */
    storageKey: text('storage_key').notNull(),
    /** Which generator made it: `local` or the images API's model. */
    generator: text('generator').notNull(),
    /**
     * `users/{userId}/characters/{id}.mp4` once the motion step made the still into a clip
     * (canonical format, decision 035); null without one, or while it is being made.
     */
    clipKey: text('clip_key'),
    /**
     * Where the face is in the 9:16 frame (fractions), found by the character-face job in the
     * still or the clip (decision 139); null when none was found, or before the job ran.
     */
    faceBox: jsonb('face_box').$type<{
      left: number;
      top: number;
      right: number;
      bottom: number;
    }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('character_generation_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A character of the user's library (docs/product/characters.md rule 2). Deleting one leaves its
 * image for drafts using it.
 */
export const characters = pgTable(
  'character',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull(),
    stylePreset: text('style_preset').notNull(),
    /** The generation saved (the API's characterId); one library entry per generation. */
    generationId: text('generation_id')
      .notNull()
      .references(() => characterGenerations.id, { onDelete: 'cascade' }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('character_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('character_user_generation_idx').on(t.userId, t.generationId),
  ],
);

// ───────────────────────────── analytics (decisions 044–046) ─────────────────────────────

/**
 * A public TikTok video of a connected account, as the Display API last described it, tied to
 * the Hookreel post (and so the draft, product, hook, template and character) that made it.
 * What the draft said is copied when the video is first matched, so a later edit of the draft
 * does not rewrite history (decision 045).
 */
export const analyticsVideos = pgTable(
  'analytics_video',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openId: text('open_id').notNull(),
    /** TikTok's int64 item id, as text. */
    videoId: text('video_id').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull(),
    title: text('title').notNull().default(''),
    shareUrl: text('share_url'),
    durationSec: integer('duration_sec'),
    viewCount: bigint('view_count', { mode: 'number' }).notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    /** The Hookreel post it came from (tiktok_post.id), and how that was known. */
    tiktokPostId: text('tiktok_post_id'),
    matchedBy: text('matched_by', { enum: ['post_id', 'time_title'] }),
    contentType: text('content_type', { enum: ['carousel', 'hook_demo'] }),
    draftId: text('draft_id'),
    productId: text('product_id'),
    hook: text('hook'),
    templateId: text('template_id'),
    characterId: text('character_id'),
    characterUrl: text('character_url'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('analytics_video_user_video_unique').on(t.userId, t.openId, t.videoId),
    index('analytics_video_user_create_idx').on(t.userId, t.createTime),
  ],
);

/** One reading of a video's counts: the history the chart is drawn from. */
export const analyticsSnapshots = pgTable(
  'analytics_snapshot',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoRowId: text('video_row_id')
      .notNull()
      .references(() => analyticsVideos.id, { onDelete: 'cascade' }),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
    viewCount: bigint('view_count', { mode: 'number' }).notNull(),
    likeCount: integer('like_count').notNull(),
    commentCount: integer('comment_count').notNull(),
    shareCount: integer('share_count').notNull(),
  },
  (t) => [
    index('analytics_snapshot_user_taken_idx').on(t.userId, t.takenAt),
    index('analytics_snapshot_video_taken_idx').on(t.videoRowId, t.takenAt),
  ],
);

/** Per connected account: the last sync's outcome and the account totals (`user.info.stats`). */
export const analyticsAccounts = pgTable(
  'analytics_account',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openId: text('open_id').notNull(),
    status: text('status', {
      enum: ['ok', 'missing_scope', 'reconnect_needed', 'failed'],
    }).notNull(),
    message: text('message'),
    followerCount: integer('follower_count'),
    likesCount: bigint('likes_count', { mode: 'number' }),
    videoCount: integer('video_count'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.openId] })],
);
