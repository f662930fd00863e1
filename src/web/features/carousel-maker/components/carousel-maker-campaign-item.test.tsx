import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api, draft, fetchStub, renderMaker, setUpCarouselMaker } from './carousel-maker.harness';

setUpCarouselMaker();

const ITEM_PATCH = '/api/campaigns/camp-1/items/item-1';
const itemPatches = () => fetchStub.calls(ITEM_PATCH).filter((c) => c.method === 'PATCH');
const draftPatches = () => fetchStub.calls('/api/drafts/d1').filter((c) => c.method === 'PATCH');

describe('Carousel Maker: a draft made from a campaign item (docs/product/create.md rule 3)', () => {
  it('saves its slides and caption back to the item with each auto-save', async () => {
    const u = userEvent.setup();
    api.draft = draft({
      productId: 'p1',
      caption: 'From the campaign',
      originItemId: 'item-1',
      assets: { originCampaignItemId: 'item-1' },
      carouselPlan: { slides: [{ text: 'Hook', imageUrl: '/a.jpg' }] },
    });
    renderMaker();
    expect(await screen.findByLabelText('Carousel Description')).toHaveValue('From the campaign');

    await u.type(screen.getByLabelText('Slide Text'), '!');
    await waitFor(() => expect(itemPatches()).toHaveLength(1), { timeout: 3000 });
    expect(itemPatches()[0]?.body).toEqual({
      carouselPlan: { slides: [{ text: 'Hook!', imageUrl: '/a.jpg' }] },
      caption: 'From the campaign',
    });
    // The draft is saved first, and the item read once to learn its campaign.
    expect(draftPatches()).toHaveLength(1);
    expect(fetchStub.calls('/api/campaign-items/item-1')).toHaveLength(1);
    expect(await screen.findByText('All changes saved')).toBeVisible();
  }, 15_000);

  it('shows a failed save when the item refuses it, and sends both again on the next change', async () => {
    const u = userEvent.setup();
    api.draft = draft({
      assets: { originCampaignItemId: 'item-1' },
      carouselPlan: { slides: [{ text: 'Hook', imageUrl: '/a.jpg' }] },
    });
    const valid = api.campaignItem;
    api.campaignItem = { nope: true };
    renderMaker();
    await u.type(await screen.findByLabelText('Slide Text'), '!');
    expect(
      await screen.findByText("Couldn't save. Retrying on your next change.", undefined, {
        timeout: 3000,
      }),
    ).toBeVisible();
    expect(itemPatches()).toHaveLength(0);

    api.campaignItem = valid;
    await u.type(screen.getByLabelText('Slide Text'), '?');
    await waitFor(() => expect(itemPatches()).toHaveLength(1), { timeout: 3000 });
    expect(draftPatches()).toHaveLength(2);
    expect(itemPatches()[0]?.body).toMatchObject({
      carouselPlan: { slides: [{ text: 'Hook!?' }] },
    });
  }, 15_000);

  it('leaves campaign items alone for an ordinary draft', async () => {
    const u = userEvent.setup();
    api.draft = draft({ carouselPlan: { slides: [{ text: 'Hook', imageUrl: '/a.jpg' }] } });
    renderMaker();
    await u.type(await screen.findByLabelText('Slide Text'), '!');
    await waitFor(() => expect(draftPatches()).toHaveLength(1), { timeout: 3000 });
    expect(fetchStub.calls('/api/campaign-items/item-1')).toHaveLength(0);
    expect(itemPatches()).toHaveLength(0);
  }, 15_000);
});
