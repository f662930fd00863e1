import { z } from 'zod';
import { RESET_MIN_PASSWORD } from './passwords';
import { ZPlanKey } from './plan-schemas';

/**
 * GET /api/auth/user — the user record (docs/product/accounts.md rule 5), with the snake_case
 * aliases older clients read.
 */
export const ZAuthUser = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string().nullable(),
  displayName: z.string(),
  profileImageUrl: z.string().nullable(),
  timezone: z.string().nullable(),
  plan: ZPlanKey,
  subscriptionStatus: z.string().nullable(),
  subscription_status: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  stripe_customer_id: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  stripe_subscription_id: z.string().nullable(),
  stripePriceId: z.string().nullable(),
  stripe_price_id: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  current_period_end: z.string().nullable(),
  /** A non-secret marker when a TikTok account is connected; never the token itself. */
  tiktokAccessToken: z.string().nullable(),
  tiktokAvatarUrl: z.string().nullable(),
  tiktokDisplayName: z.string().nullable(),
  tiktokUsername: z.string().nullable(),
  createdAt: z.string(),
});
export type TAuthUser = z.infer<typeof ZAuthUser>;

const timezones = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])];
const known = new Set(timezones);

/**
 * A check with the list as metadata rather than a zod enum: the OpenAPI document lists the names
 * the server accepts, and a wrong one still fails inside the profile union naming `timezone`.
 */
export const ZTimezone = z
  .string()
  .refine((tz) => known.has(tz), {
    message: 'Unknown time zone; use an IANA name such as Europe/Paris',
  })
  .meta({ enum: timezones });

/** PATCH /api/user/profile: one field at a time, as the settings page saves them. */
export const ZUpdateProfileRequest = z.union([
  z.object({ profileImageUrl: z.string().min(1).max(4096) }).strict(),
  z.object({ timezone: ZTimezone }).strict(),
]);
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

export const ZUploadImagesResponse = z.object({ urls: z.array(z.string()) });
export type TUploadImagesResponse = z.infer<typeof ZUploadImagesResponse>;

/** POST /api/auth/recover: set a new password with the e-mailed token and sign in. */
export const ZRecoverRequest = z.object({
  token: z.string().min(1),
  password: z.string().min(RESET_MIN_PASSWORD, 'Use at least 8 characters').max(128),
});
export const ZSessionResponse = z.object({ token: z.string(), expiresAt: z.string() });
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

/** POST /api/auth/sign-in/email (better-auth's own route): the fields the web reads. */
export const ZSignInResponse = z.object({ token: z.string() });
/** The longest full name a sign-up stores; better-auth itself sets no bound. */
export const FULL_NAME_MAX = 100;
const ZFullName = z
  .string({ error: 'Enter your full name' })
  .trim()
  .min(1, 'Enter your full name')
  .max(FULL_NAME_MAX, `Keep the name to ${FULL_NAME_MAX} characters`);

/**
 * POST /api/auth/sign-up/email, checked before better-auth sees it: the name fields are bounded
 * and anything else better-auth would store (its `image`, say) is dropped. The password's rules
 * stay better-auth's (docs/product/accounts.md rule 1), so their codes do not change.
 */
export const ZSignUpRequest = z.object({
  email: z
    .string({ error: 'Enter your e-mail address' })
    .trim()
    .min(1, 'Enter your e-mail address')
    .max(254, 'This e-mail address is too long'),
  password: z.string({ error: 'Enter a password' }).max(1024),
  name: ZFullName,
  fullName: ZFullName.optional(),
  displayName: ZFullName.optional(),
  callbackURL: z.string().max(2048).optional(),
});
/** POST /api/auth/sign-up/email (better-auth's own route): the fields the web reads. */
export const ZSignUpResponse = z.object({ user: z.object({ emailVerified: z.boolean() }) });
