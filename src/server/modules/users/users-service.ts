import type { TAuthUser, TUpdateProfileRequest } from '#contract/user';
import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { ImageFile } from '../uploads';
import { decodeUpload, newUploadKey, toWebJpeg } from '../uploads';
import { displayNameOf } from './names';
import type { UserRow } from './users-repo';
import { findUserById, updateUserProfile } from './users-repo';

/** Avatar links stay valid for a day; the user call hands out a fresh one each time. */
const AVATAR_URL_TTL = 60 * 60 * 24;
/** Plenty for an avatar shown at any screen density, and for the other images sent here. */
const UPLOAD_MAX_SIDE = 2048;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The user call's TikTok fields, from the TikTok module (passed in by app.ts: it sits above users). */
export type TikTokConnectionFields = Pick<
  TAuthUser,
  'tiktokAccessToken' | 'tiktokAvatarUrl' | 'tiktokDisplayName' | 'tiktokUsername'
>;

export const createUsersService = ({
  db,
  storage,
  tiktokConnection,
}: {
  db: Database;
  storage: Storage;
  tiktokConnection: (userId: string) => Promise<TikTokConnectionFields>;
}) => {
  const toAuthUser = async (row: UserRow): Promise<TAuthUser> => ({
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: row.fullName,
    displayName: displayNameOf(row),
    profileImageUrl: row.profileImageKey
      ? await storage.signedUrl(row.profileImageKey, AVATAR_URL_TTL)
      : null,
    timezone: row.timezone,
    plan: row.plan ?? 'free',
    subscriptionStatus: row.subscriptionStatus,
    subscription_status: row.subscriptionStatus,
    stripeCustomerId: row.stripeCustomerId,
    stripe_customer_id: row.stripeCustomerId,
    stripeSubscriptionId: row.stripeSubscriptionId,
    stripe_subscription_id: row.stripeSubscriptionId,
    stripePriceId: row.stripePriceId,
    stripe_price_id: row.stripePriceId,
    currentPeriodEnd: iso(row.currentPeriodEnd),
    current_period_end: iso(row.currentPeriodEnd),
    ...(await tiktokConnection(row.id)),
    createdAt: row.createdAt.toISOString(),
  });

  const getUser = async (userId: string) => {
    const row = await findUserById(db, userId);
    if (!row) throw notFound('User not found');
    return toAuthUser(row);
  };

  /**
   * The avatar arrives as a URL returned by /api/upload-images. We keep the storage key, not
   * the URL (signed URLs expire), and accept only keys under this user's own upload folder.
   */
  const keyFromUploadUrl = (userId: string, url: string): string => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(url, 'http://local').pathname);
    } catch {
      pathname = '';
    }
    const match = pathname.match(/users\/([^/]+)\/uploads\/[A-Za-z0-9-]+\.(?:jpg|png|gif|webp)$/);
    if (!match || match[1] !== userId) {
      throw new AppError(
        'validation_error',
        'profileImageUrl: upload the image with /api/upload-images first',
        {
          field: 'profileImageUrl',
        },
      );
    }
    return match[0];
  };

  return {
    getUser,
    updateProfile: async (userId: string, body: TUpdateProfileRequest) => {
      if ('timezone' in body) {
        await updateUserProfile(db, userId, { timezone: body.timezone });
      } else {
        const key = keyFromUploadUrl(userId, body.profileImageUrl);
        if (!(await storage.get(key))) {
          throw new AppError('validation_error', 'profileImageUrl: that upload does not exist', {
            field: 'profileImageUrl',
          });
        }
        await updateUserProfile(db, userId, { profileImageKey: key });
      }
      return getUser(userId);
    },
    /**
     * Each file goes through the same pipeline as every other upload (decoded within the pixel
     * limit, re-encoded, EXIF and GPS gone) before it is stored, one at a time as it arrives.
     */
    storeUploads: async (userId: string, files: AsyncIterable<ImageFile>) => {
      const urls: string[] = [];
      for await (const file of files) {
        const image = await decodeUpload(file, (buffer) => toWebJpeg(buffer, UPLOAD_MAX_SIDE));
        const key = newUploadKey(userId, 'uploads', image.ext);
        await storage.put(key, image.buffer, image.contentType);
        urls.push(await storage.signedUrl(key, AVATAR_URL_TTL));
      }
      return urls;
    },
  };
};

export type UsersService = ReturnType<typeof createUsersService>;
