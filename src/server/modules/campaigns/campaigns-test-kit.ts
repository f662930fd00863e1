import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { randomUUID } from 'node:crypto';
import type { TCampaign, TCampaignItem } from '#contract/campaigns';
import { importLibrary } from '../../library/import-library';
import { makeMp4 } from '../../testing/tiktok-sandbox-fixtures';
import { solidPng } from '../../testing/multipart';
import { SAMPLE_PRODUCTS } from '../../testing/sample-products';
import type { TestApp } from '../../testing/test-app';

// Shared set-up of the campaigns tests: a paid seller with a product, and a small image
// library for the plans to draw from.

type App = Pick<TestApp, 'app' | 'db' | 'storage' | 'createUser' | 'config'>;

/** A two-collection library of plain images (the test app imports none by itself). */
export const seedLibrary = async (t: App) => {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-campaign-lib-'));
  const colours = {
    'Cozy home': ['#d9b99b', '#a3825f', '#f2e4d3', '#6b4f3a'],
    'Gym days': ['#1f6feb', '#0e4429', '#ffa657'],
  };
  for (const [name, list] of Object.entries(colours)) {
    await fs.mkdir(path.join(folder, name));
    for (const [i, colour] of list.entries()) {
      await fs.writeFile(path.join(folder, name, `${i}.png`), await solidPng(400, 400, colour));
    }
  }
  await importLibrary({ db: t.db.db, storage: t.storage, folder });
  await fs.rm(folder, { recursive: true, force: true });
};

export const setPlan = async (
  t: App,
  userId: string,
  plan: 'free' | 'basic' | 'plus' | 'pro',
  subscriptionStatus: string | null = plan === 'free' ? null : 'active',
) => {
  await t.db.db.update(users).set({ plan, subscriptionStatus }).where(eq(users.id, userId));
};

/** A seller on the pro plan with one product (the serum). */
export const paidSeller = async (t: App, plan: 'basic' | 'plus' | 'pro' = 'pro') => {
  const u = await t.createUser();
  await setPlan(t, u.userId, plan);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: u.headers,
    payload: SAMPLE_PRODUCTS.serum,
  });
  if (res.statusCode !== 200) throw new Error(`product: ${res.body}`);
  return { ...u, productId: res.json<{ id: string }>().id };
};

/** Today and a day `days` later as YYYY-MM-DD (UTC). */
export const day = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A week's campaign of the seller's product, made and planned through the API. */
export const plannedCampaign = async (
  t: App,
  u: { headers: Record<string, string>; productId: string },
  name = 'Video week',
) => {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: u.headers,
    payload: { name, productId: u.productId, startDate: day(1), endDate: day(7), timezone: 'UTC' },
  });
  const campaign = created.json<TCampaign>();
  const plan = await t.app.inject({
    method: 'POST',
    url: `/api/campaigns/${campaign.id}/generate-plan`,
    headers: u.headers,
  });
  return { campaign, items: plan.json<{ items: TCampaignItem[] }>().items };
};

/**
 * A week's campaign of the seller's product, planned, with its first video item, a library
 * image to use as its character, and a silent 2 s product video of the seller's in storage.
 */
export const plannedVideoItem = async (
  t: App,
  u: { userId: string; headers: Record<string, string>; productId: string },
) => {
  const { campaign, items } = await plannedCampaign(t, u);
  const item = items.find((i) => i.type === 'video')!;
  const backdrop = items.find((i) => i.type === 'carousel')!.carouselPlan!.slides[0]!.imageUrl!;
  const video = `users/${u.userId}/product-videos/${randomUUID()}.mp4`;
  await t.storage.put(video, await makeMp4(t.config.ffmpeg, { seconds: 2 }), 'video/mp4');
  return {
    campaign,
    item,
    backdrop,
    video,
    base: `/api/campaigns/${campaign.id}/items/${item.id}`,
  };
};
