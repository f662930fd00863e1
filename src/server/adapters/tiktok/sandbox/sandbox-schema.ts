import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from '../../../db/schema';

/**
 * The built-in TikTok sandbox's tables, in their own PostgreSQL schema with their own migrations
 * (`./migrations`, made by `drizzle.sandbox.config.ts`, decision 180): the sandbox plays TikTok,
 * so nothing of Hookreel's own reads them, and removing the sandbox drops this schema whole.
 * Only the seller who owns a test account (`user`) is shared with the product's tables.
 */
export const tiktokSandbox = pgSchema('tiktok_sandbox');

/**
 * Test accounts of the built-in TikTok sandbox (decision 024). Each belongs to one Hookreel
 * seller, who alone can see or authorize it; `open_id` is what the sandbox's API calls the user.
 */
export const tiktokSandboxAccounts = tiktokSandbox.table(
  'tiktok_sandbox_account',
  {
    openId: text('open_id').primaryKey(),
    unionId: text('union_id').notNull(),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    /** A private account is offered the private privacy levels, as TikTok does. */
    privateAccount: boolean('private_account').notNull().default(false),
    maxVideoPostDurationSec: integer('max_video_post_duration_sec').notNull().default(600),
    commentDisabled: boolean('comment_disabled').notNull().default(false),
    duetDisabled: boolean('duet_disabled').notNull().default(false),
    stitchDisabled: boolean('stitch_disabled').notNull().default(false),
    /** The seller's "signed-in TikTok session": the account authorize skips to without disable_auto_auth. */
    lastAuthorizedAt: timestamp('last_authorized_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('tiktok_sandbox_account_owner_username').on(t.ownerUserId, t.username)],
);

/** One authorization of a sandbox account for a client: revoking it ends all its tokens at once. */
export const tiktokSandboxGrants = tiktokSandbox.table(
  'tiktok_sandbox_grant',
  {
    id: text('id').primaryKey(),
    openId: text('open_id')
      .notNull()
      .references(() => tiktokSandboxAccounts.openId, { onDelete: 'cascade' }),
    clientKey: text('client_key').notNull(),
    /** Comma-separated, as TikTok writes them. */
    scopes: text('scopes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('tiktok_sandbox_grant_open_id_idx').on(t.openId)],
);

/** Authorization codes: single use, short-lived; only their SHA-256 is stored. */
export const tiktokSandboxCodes = tiktokSandbox.table(
  'tiktok_sandbox_code',
  {
    codeHash: text('code_hash').primaryKey(),
    openId: text('open_id')
      .notNull()
      .references(() => tiktokSandboxAccounts.openId, { onDelete: 'cascade' }),
    clientKey: text('client_key').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    scopes: text('scopes').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The grant the code was exchanged for: a replayed code revokes it (RFC 6749 §4.1.2). */
    grantId: text('grant_id'),
    /** The PKCE challenge sent with the authorize request; the exchange must prove it (decision 056). */
    codeChallenge: text('code_challenge'),
  },
  (t) => [index('tiktok_sandbox_code_open_id_idx').on(t.openId)],
);

/** Access and refresh tokens of the sandbox; only their SHA-256 is stored. */
export const tiktokSandboxTokens = tiktokSandbox.table(
  'tiktok_sandbox_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    grantId: text('grant_id')
      .notNull()
      .references(() => tiktokSandboxGrants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A refresh token is spent when rotated; a spent one is refused ever after. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tiktok_sandbox_token_grant_id_idx').on(t.grantId)],
);

/**
 * What the built-in TikTok sandbox received through the Content Posting API (decision 025): one
 * row per init, keyed by the `publish_id` it answered. The sandbox plays TikTok, so this is
 * TikTok's side of a post, never Hookreel's own post record.
 */
export const tiktokSandboxPosts = tiktokSandbox.table(
  'tiktok_sandbox_post',
  {
    id: text('id').primaryKey(),
    publishId: text('publish_id').notNull().unique(),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openId: text('open_id')
      .notNull()
      .references(() => tiktokSandboxAccounts.openId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['photo', 'video'] }).notNull(),
    status: text('status', {
      enum: [
        'PROCESSING_UPLOAD',
        'PROCESSING_DOWNLOAD',
        'SEND_TO_USER_INBOX',
        'PUBLISH_COMPLETE',
        'FAILED',
      ],
    }).notNull(),
    failReason: text('fail_reason'),
    title: text('title'),
    description: text('description'),
    /** The URLs a photo init gave, in order; `mediaKeys` holds what was downloaded from them. */
    photoUrls: jsonb('photo_urls').$type<string[]>().notNull().default([]),
    photoCoverIndex: integer('photo_cover_index'),
    mediaKeys: jsonb('media_keys').$type<string[]>().notNull().default([]),
    /** FILE_UPLOAD: the declared plan and how far the chunk PUTs have come. */
    videoSize: bigint('video_size', { mode: 'number' }),
    chunkSize: bigint('chunk_size', { mode: 'number' }),
    totalChunkCount: integer('total_chunk_count'),
    receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
    /** SHA-256 of the upload URL's token: the URL is single-use and expires. */
    uploadTokenHash: text('upload_token_hash'),
    uploadExpiresAt: timestamp('upload_expires_at', { withTimezone: true }),
    /** A "slow status" switch held at init: this many more polls still answer PROCESSING_*. */
    slowPollsLeft: integer('slow_polls_left').notNull().default(0),
    /** int64 as text: the id is above 2^53 on purpose. */
    postId: text('post_id'),
    /** When the account posted it (PUBLISH_COMPLETE): its views grow from here (decision 044). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** DIRECT_POST (posted at once, private for an unaudited client) or MEDIA_UPLOAD (inbox). */
    postMode: text('post_mode', { enum: ['MEDIA_UPLOAD', 'DIRECT_POST'] })
      .notNull()
      .default('MEDIA_UPLOAD'),
    privacyLevel: text('privacy_level'),
    /** When the account made a public post private (`no_longer_publicaly_available` was sent). */
    madePrivateAt: timestamp('made_private_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tiktok_sandbox_post_open_id_idx').on(t.openId, t.createdAt),
    index('tiktok_sandbox_post_owner_idx').on(t.ownerUserId, t.createdAt),
    index('tiktok_sandbox_post_published_idx').on(t.openId, t.publishedAt),
  ],
);

/** Per test account, the failures the inbox page's switches make the next calls answer with. */
export const tiktokSandboxSwitches = tiktokSandbox.table('tiktok_sandbox_switch', {
  openId: text('open_id')
    .primaryKey()
    .references(() => tiktokSandboxAccounts.openId, { onDelete: 'cascade' }),
  ownerUserId: text('owner_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  rateLimited: boolean('rate_limited').notNull().default(false),
  pendingShareLimit: boolean('pending_share_limit').notNull().default(false),
  pictureSizeFails: boolean('picture_size_fails').notNull().default(false),
  tokenExpired: boolean('token_expired').notNull().default(false),
  serverError: boolean('server_error').notNull().default(false),
  slowPolls: integer('slow_polls').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox's clock per test account: how far it has been moved ahead ("Let a day pass"), so
 * a journey sees posted items gain views without waiting a day (decision 044).
 */
export const tiktokSandboxClocks = tiktokSandbox.table('tiktok_sandbox_clock', {
  openId: text('open_id')
    .primaryKey()
    .references(() => tiktokSandboxAccounts.openId, { onDelete: 'cascade' }),
  ownerUserId: text('owner_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  offsetSeconds: integer('offset_seconds').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
