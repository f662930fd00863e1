import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaign, TCampaignItem } from '#contract/campaigns';
import type { TSandboxInbox } from '#contract/tiktok-sandbox-inbox';
import type { TQueue } from '#contract/tiktok-posts';
import { multipart, solidPng } from '../../testing/multipart';
import type { ServerProcess } from '../../testing/server-process';
import { createServerProcess } from '../../testing/server-process';
import { SHORT_LEASES } from '../../testing/short-leases';
import {
  connectSandboxAccount,
  signedInSeller,
  subscribe,
} from '../../testing/server-process-seller';
import { waitFor } from '../../testing/wait-for';

/**
 * The real server (`main.ts`, PGlite) killed with SIGKILL while it is sending a scheduled
 * campaign item (claimed, slides rendering or the post being made), then started again on the
 * same data: the item must still reach the sandbox inbox, exactly once.
 */
describe('a scheduled campaign item survives a crash mid-send', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await createServerProcess('hookreel-campaign-crash-');
    // Taken over seconds after the restart, not a minute (decision 210).
    Object.assign(server.env, SHORT_LEASES);
  });

  afterAll(async () => {
    await server?.close();
  });

  /** Signed up, confirmed, on the plus plan through the local checkout, TikTok connected. */
  const readySeller = async () => {
    const seller = await signedInSeller(server, 'campaign-crash');
    await subscribe(server, seller);
    await connectSandboxAccount(server, seller);
    return seller;
  };

  /** Slide backgrounds uploaded to the seller's own images. */
  const uploadImages = async (headers: Record<string, string>, count: number) => {
    const body = multipart(
      await Promise.all(
        Array.from({ length: count }, async (_, i) => ({
          filename: `bg${i}.png`,
          data: await solidPng(900, 900, `#${(0x203040 + i * 0x151515).toString(16).slice(-6)}`),
        })),
      ),
    );
    return (await server.upload<{ urls: string[] }>('/api/carousel-images/upload', headers, body))
      .urls;
  };

  const inbox = async (headers: Record<string, string>) =>
    (await server.ok<TSandboxInbox>('GET', '/tiktok-sandbox/api/inbox', headers)).accounts.flatMap(
      (a) => a.items,
    );

  it('sends the item once after a SIGKILL during its send', async () => {
    await server.start();
    const seller = await readySeller();
    const product = await server.ok<{ id: string }>('POST', '/api/products', seller, {
      name: 'GlowDrop Vitamin C Serum',
      description: 'A lightweight vitamin C serum that brightens dull skin in 2 weeks. $24.',
    });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const campaign = await server.ok<TCampaign>('POST', '/api/campaigns', seller, {
      name: 'Crash week',
      productId: product.id,
      startDate: tomorrow,
      endDate: later,
      timezone: 'UTC',
      cadenceHours: 24,
      scheduleMode: 'interval',
      customDates: [],
      goal: '',
    });
    const { items } = await server.ok<{ items: TCampaignItem[] }>(
      'POST',
      `/api/campaigns/${campaign.id}/generate-plan`,
      seller,
    );
    // Any three slots in a row hold a carousel (the strategies rotate).
    const item = items.find((i) => i.type === 'carousel')!;
    const base = `/api/campaigns/${campaign.id}/items/${item.id}`;
    // Many slides, so the server spends a few seconds rendering: the crash lands inside the send.
    const images = await uploadImages(seller, 4);
    const slides = Array.from({ length: 16 }, (_, i) => ({
      text: `Slide ${i + 1}: brighter skin`,
      imageUrl: images[i % 4]!,
    }));
    await server.ok('PATCH', base, seller, { carouselPlan: { slides }, caption: 'Glow week' });
    await server.ok('PATCH', base, seller, {
      dateScheduled: new Date(Date.now() + 3000).toISOString(),
    });

    const itemNow = () => server.ok<TCampaignItem>('GET', `/api/campaign-items/${item.id}`, seller);
    const during = await waitFor(
      'the send to start',
      30_000,
      async () => {
        const current = await itemNow();
        const status = current.lastJob?.status;
        if (status === 'done' || status === 'failed')
          throw new Error(`finished before the crash: ${JSON.stringify(current.lastJob)}`);
        return status === 'rendering' || status === 'sending' ? status : null;
      },
      20,
    );
    await server.kill();
    expect(['rendering', 'sending']).toContain(during);

    await server.start();
    const after = await waitFor(
      'the item to be sent after the restart',
      240_000,
      async () => {
        const current = await itemNow();
        if (current.lastJob?.status === 'failed') throw new Error(JSON.stringify(current.lastJob));
        return current.lastJob?.status === 'done' ? current : null;
      },
      1000,
    );
    expect(after.lastJob?.status).toBe('done');
    const received = await inbox(seller);
    expect(received).toHaveLength(1);
    expect(received[0]!.status).toBe('SEND_TO_USER_INBOX');
    expect(received[0]!.media_urls).toHaveLength(16);
    const queue = await server.ok<TQueue>('GET', '/api/queue', seller);
    expect(queue.items.filter((i) => i.type === 'tiktok-post')).toHaveLength(1);
  }, 420_000);
});
