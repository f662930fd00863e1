import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { TAiBrief } from '#contract/ai';
import type {
  TCampaign,
  TCampaignItem,
  ZBulkScheduleRequest,
  ZCreateCampaignRequest,
  ZPatchCampaignItemRequest,
} from '#contract/campaigns';
import { CAMPAIGN_MAX_DAYS } from '#contract/campaigns';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { AiService, FairUse } from '../ai';
import type { PlanLimits } from '../billing';
import type { PostOutcome } from './campaign-items';
import { judgeStatus, toItem } from './campaign-items';
import { writePlan } from './campaign-plan';
import {
  atDailyTime,
  campaignSlots,
  daysInclusive,
  localToInstant,
  normaliseCustomDates,
  parseLocal,
} from './campaign-slots';
import type { CampaignItemRow, CampaignRow, ItemContent } from './campaigns-repo';
import {
  deleteCampaign,
  findCampaign,
  findItem,
  insertCampaign,
  insertItems,
  listCampaigns,
  listItems,
  recentHooks,
  rescheduleItem,
  setItemJob,
  updateItemContent,
} from './campaigns-repo';

type CreateInput = z.output<typeof ZCreateCampaignRequest>;
type PatchInput = z.output<typeof ZPatchCampaignItemRequest>;
type BulkInput = z.output<typeof ZBulkScheduleRequest>;

/** docs/product/campaigns.md rule 4: hooks used lately (the last 30) are not given again. */
const RECENT_HOOKS = 30;
/** A date must be after the moment the request arrives; a send a few seconds out is fine. */
const MIN_LEAD_MS = 0;

/** What campaigns need of products (passed in by app.ts: products sits below campaigns). */
export type CampaignProducts<P extends ProductFacts> = {
  /** The user's own product, or 404. */
  requireOwn: (userId: string, id: string) => Promise<P>;
  /**
   * Its stored brief while docs/product/products.md rule 3 accepts it, otherwise a newly written
   * one.
   */
  usableOrWrite: (product: P) => Promise<TAiBrief>;
  /** Links to the product's own photos. */
  photoUrls: (product: P) => Promise<string[]>;
};
type ProductFacts = { id: string; name: string; description: string };

/**
 * Video items' assets (a pre-made character, the product video) filled at plan time, when those
 * features are there.
 */
export type CampaignVideoAssets = {
  premadeCharacters: () => { id: string; url: string }[];
  /** The storage path of the user's newest product video, or null. */
  latestProductVideo?: (userId: string) => Promise<string | null>;
};

export type CampaignScheduler = {
  /** Queues the send of this version of the item at `at`; resolves to the job id. */
  schedule: (itemId: string, version: number, at: Date) => Promise<string | null>;
  cancel: (jobId: string) => Promise<void>;
};

type Deps<P extends ProductFacts> = {
  db: Database;
  planLimits: Pick<PlanLimits, 'assertCanCreateCampaign'>;
  products: CampaignProducts<P>;
  ai: AiService;
  fairUse: FairUse;
  listCollections: () => Promise<{ key: string; name: string }[]>;
  collectionImages: (key: string) => Promise<string[]>;
  videoAssets?: CampaignVideoAssets;
  scheduler: CampaignScheduler;
  postOutcomes: (userId: string, postIds: string[]) => Promise<Map<string, PostOutcome>>;
  now?: () => Date;
};

const toCampaign = (row: CampaignRow): TCampaign => ({
  id: row.id,
  name: row.name,
  productId: row.productId,
  startDate: row.startDate,
  endDate: row.endDate,
  timezone: row.timezone,
  cadenceHours: row.cadenceHours,
  scheduleMode: row.scheduleMode,
  customDates: row.customDates,
  goal: row.goal,
  createdAt: row.createdAt.toISOString(),
});

const invalid = (field: string, message: string) =>
  new AppError('validation_error', `${field}: ${message}`, { field });

const itemNotFound = () => notFound('Campaign item not found');

export const createCampaignsService = <P extends ProductFacts>(deps: Deps<P>) => {
  const { db, scheduler } = deps;
  const now = deps.now ?? (() => new Date());

  const requireCampaign = async (userId: string, id: string) => {
    const row = await findCampaign(db, userId, id);
    if (!row) throw notFound('Campaign not found');
    return row;
  };

  const withOutcomes = async (
    userId: string,
    rows: CampaignItemRow[],
  ): Promise<TCampaignItem[]> => {
    const postIds = rows.flatMap((r) => (r.jobStatus === 'posted' && r.postId ? [r.postId] : []));
    const outcomes = await deps.postOutcomes(userId, postIds);
    return rows.map((r) => toItem(r, r.postId ? outcomes.get(r.postId) : undefined));
  };

  const stateOf = async (userId: string, row: CampaignItemRow) =>
    (await withOutcomes(userId, [row]))[0]!;

  /** A send under way or done: the item stays as it was sent. */
  const assertChangeable = (item: TCampaignItem) => {
    const status = item.lastJob?.status;
    if (status === 'done' || status === 'sending' || status === 'rendering') {
      throw new AppError(
        'campaign_item_sent',
        status === 'done'
          ? 'This item was already sent to TikTok. It cannot be changed or sent again.'
          : 'This item is being sent to TikTok right now. Wait for it to finish.',
      );
    }
  };

  /** `dateScheduled` of a request: an instant, or a local time in the campaign's zone. */
  const readDate = (value: string, timezone: string): Date => {
    const at = /[zZ]|[+-]\d{2}:?\d{2}$/.test(value)
      ? new Date(value)
      : localToInstant(parseLocal(value), timezone);
    if (Number.isNaN(at.getTime())) {
      throw new AppError(
        'campaign_date_invalid',
        'Assets not ready or invalid date: the date cannot be read.',
        {
          field: 'dateScheduled',
        },
      );
    }
    if (at.getTime() < now().getTime() + MIN_LEAD_MS) {
      throw new AppError(
        'campaign_date_invalid',
        'Assets not ready or invalid date: pick a time in the future.',
        { field: 'dateScheduled' },
      );
    }
    return at;
  };

  /** Queues the new version's send and cancels the old one's job. */
  const queue = async (before: CampaignItemRow, after: CampaignItemRow) => {
    if (before.jobId) await scheduler.cancel(before.jobId).catch(() => undefined);
    if (!after.dateScheduled) return after;
    const jobId = await scheduler.schedule(after.id, after.scheduleVersion, after.dateScheduled);
    if (jobId) await setItemJob(db, after.id, after.scheduleVersion, jobId);
    return { ...after, jobId };
  };

  const moved = () =>
    new AppError(
      'campaign_item_sent',
      'This item changed meanwhile (it may be sending). Reload and try again.',
    );

  return {
    list: async (userId: string) => (await listCampaigns(db, userId)).map(toCampaign),

    create: async (userId: string, input: CreateInput) => {
      await deps.planLimits.assertCanCreateCampaign(userId);
      await deps.products.requireOwn(userId, input.productId);
      if (input.endDate < input.startDate) {
        throw invalid('endDate', 'the end date must be on or after the start date');
      }
      if (daysInclusive(input.startDate, input.endDate) > CAMPAIGN_MAX_DAYS) {
        throw invalid('endDate', `a campaign spans at most ${CAMPAIGN_MAX_DAYS} days`);
      }
      const customDates = normaliseCustomDates(input.customDates);
      if (input.scheduleMode === 'dates') {
        if (customDates.length === 0) throw invalid('customDates', 'add at least one date-time');
        const outside = customDates.find(
          (d) => d.slice(0, 10) < input.startDate || d.slice(0, 10) > input.endDate,
        );
        if (outside) {
          throw invalid('customDates', `${outside} is outside the campaign's dates`);
        }
      }
      const row = await insertCampaign(db, {
        id: randomUUID(),
        userId,
        productId: input.productId,
        name: input.name,
        startDate: input.startDate,
        endDate: input.endDate,
        timezone: input.timezone,
        cadenceHours: input.cadenceHours,
        scheduleMode: input.scheduleMode,
        customDates: input.scheduleMode === 'dates' ? customDates : [],
        goal: input.goal,
      });
      return toCampaign(row);
    },

    /** Deletes the campaign and its items, and cancels their queued sends. */
    remove: async (userId: string, id: string) => {
      const jobIds = await deleteCampaign(db, userId, id);
      if (!jobIds) throw notFound('Campaign not found');
      await Promise.all(jobIds.map((jobId) => scheduler.cancel(jobId).catch(() => undefined)));
    },

    items: async (userId: string, campaignId: string) => {
      await requireCampaign(userId, campaignId);
      return { items: await withOutcomes(userId, await listItems(db, userId, campaignId)) };
    },

    item: async (userId: string, itemId: string) => {
      const row = await findItem(db, userId, itemId);
      if (!row) throw itemNotFound();
      return stateOf(userId, row);
    },

    /**
     * One item per slot that has none yet (so a second call only fills gaps), written by the AI
     * layer in one unit of the user's daily allowance.
     */
    generatePlan: async (userId: string, campaignId: string) => {
      await deps.planLimits.assertCanCreateCampaign(userId);
      const campaign = await requireCampaign(userId, campaignId);
      const product = await deps.products.requireOwn(userId, campaign.productId);
      const slots = campaignSlots(campaign);
      const taken = new Set((await listItems(db, userId, campaignId)).map((i) => i.slotIndex));
      const open = slots.map((_, i) => i).filter((i) => !taken.has(i));
      if (open.length > 0) {
        await deps.fairUse.run(userId, async () => {
          const brief = await deps.products.usableOrWrite(product);
          const planned = await writePlan(
            {
              ai: deps.ai,
              listCollections: deps.listCollections,
              collectionImages: deps.collectionImages,
            },
            {
              product: { name: product.name, description: product.description },
              brief,
              productPhotos: await deps.products.photoUrls(product),
              goal: campaign.goal,
              usedHooks: await recentHooks(db, userId, product.id, RECENT_HOOKS),
              slotIndexes: open,
            },
          );
          const characters = deps.videoAssets?.premadeCharacters() ?? [];
          const video = (await deps.videoAssets?.latestProductVideo?.(userId)) ?? null;
          await insertItems(
            db,
            planned.map((p, n) => {
              const character = characters.length > 0 ? characters[n % characters.length]! : null;
              return {
                id: randomUUID(),
                campaignId,
                userId,
                productId: product.id,
                type: p.type,
                strategy: p.strategy,
                hook: p.hook,
                caption: p.caption,
                hashtags: p.hashtags,
                carouselPlan: p.carouselPlan,
                assets:
                  p.type === 'video'
                    ? {
                        ugcMediaType: 'premade',
                        selectedCharacter: character?.url ?? null,
                        selectedCharacterId: character?.id ?? null,
                        productVideos: video ? [video] : [],
                        textFontScale: 1,
                        textYOffset: 0,
                      }
                    : {},
                slotIndex: p.slotIndex,
                slotAt: slots[p.slotIndex]!,
              };
            }),
          );
        });
      }
      return { items: await withOutcomes(userId, await listItems(db, userId, campaignId)) };
    },

    patchItem: async (userId: string, campaignId: string, itemId: string, input: PatchInput) => {
      const campaign = await requireCampaign(userId, campaignId);
      const row = await findItem(db, userId, itemId);
      if (!row || row.campaignId !== campaignId) throw itemNotFound();
      const current = await stateOf(userId, row);
      assertChangeable(current);

      const changes: ItemContent = {};
      if (input.carouselPlan !== undefined) {
        if (row.type !== 'carousel') {
          throw invalid('carouselPlan', 'this is a video item; send { hook, productId, assets }');
        }
        changes.carouselPlan = input.carouselPlan;
      }
      if (input.caption !== undefined) changes.caption = input.caption;
      if (input.hashtags !== undefined) changes.hashtags = input.hashtags;
      if (input.hook !== undefined) changes.hook = input.hook;
      if (input.productId !== undefined) {
        if (input.productId !== null) await deps.products.requireOwn(userId, input.productId);
        changes.productId = input.productId;
      }
      if (input.assets !== undefined) changes.assets = { ...row.assets, ...input.assets };
      const next = { ...row, ...changes };
      const ready = judgeStatus(next) === 'assets_ready';

      if (input.dateScheduled !== undefined) {
        let at: Date | null = null;
        if (input.dateScheduled !== null) {
          at = readDate(input.dateScheduled, campaign.timezone);
          if (!ready) {
            throw new AppError(
              'campaign_assets_not_ready',
              row.type === 'carousel'
                ? 'Assets not ready or invalid date: generate the carousel (slides with images) first.'
                : 'Assets not ready or invalid date: the video needs a hook, a character and a product video.',
            );
          }
        }
        const updated = await rescheduleItem(db, userId, itemId, row.scheduleVersion, at, changes);
        if (!updated) throw moved();
        return stateOf(userId, await queue(row, updated));
      }

      if (row.jobStatus === 'queued' && !ready) {
        throw new AppError(
          'campaign_assets_not_ready',
          'This item is scheduled and would have nothing to send. Unschedule it first.',
        );
      }
      const updated = await updateItemContent(db, userId, itemId, row.scheduleVersion, changes);
      if (!updated) throw moved();
      return stateOf(userId, updated);
    },

    /**
     * "Schedule All": every item that is ready and not sent gets its slot at the preferred time
     * (interval campaigns re-anchor their slots there; date campaigns keep each item's day).
     * Times already past are skipped. Resolves to how many were scheduled.
     */
    bulkSchedule: async (userId: string, campaignId: string, input: BulkInput) => {
      const campaign = await requireCampaign(userId, campaignId);
      const daily = { hour: input.preferredHour, minute: input.preferredMinute };
      const slots = campaign.scheduleMode === 'interval' ? campaignSlots(campaign, daily) : null;
      const rows = await listItems(db, userId, campaignId);
      const items = await withOutcomes(userId, rows);
      let scheduled = 0;
      for (const [i, row] of rows.entries()) {
        const item = items[i]!;
        if (item.status !== 'assets_ready') continue;
        const job = item.lastJob?.status;
        if (job === 'done' || job === 'sending' || job === 'rendering') continue;
        const at = slots ? slots[row.slotIndex] : atDailyTime(row.slotAt, campaign.timezone, daily);
        if (!at || at.getTime() < now().getTime() + MIN_LEAD_MS) continue;
        if (row.dateScheduled?.getTime() === at.getTime() && row.jobStatus === 'queued') {
          scheduled++;
          continue;
        }
        const updated = await rescheduleItem(db, userId, row.id, row.scheduleVersion, at);
        if (!updated) continue;
        await queue(row, updated);
        scheduled++;
      }
      return { scheduled };
    },
  };
};

export type CampaignsService = ReturnType<typeof createCampaignsService<ProductFacts>>;
