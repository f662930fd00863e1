import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  api,
  campaignFixture,
  fetchStub,
  itemFixture,
  openUpgradeDialog,
  renderPage,
  setUpCampaignsPage,
  toast,
  where,
} from './campaigns-page.harness';

setUpCampaignsPage();

describe('/campaigns: the page and its calendar (docs/product/campaigns.md rule 1)', () => {
  it('shows the month, Monday first, with the campaign bar and chips that open the editor', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    expect(screen.getByText('Plan and batch-create UGC content over time')).toBeVisible();
    const grid = await screen.findByRole('grid', { name: 'November 2026' });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((h) => h.getAttribute('aria-label'))).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    const first = within(grid).getAllByRole('gridcell')[0]!;
    expect(first).toHaveAccessibleName('Monday, October 26, 2026');
    expect(first).toHaveAttribute('data-outside-month', 'true');
    expect(first.className).toContain('bg-muted/50');
    const inMonth = within(grid).getByRole('gridcell', { name: /^Sunday, November 1, 2026/ });
    expect(inMonth).not.toHaveAttribute('data-outside-month');

    // One labelled bar button per week the campaign runs in (24–29 Nov, then the 30th).
    const bars = within(grid).getAllByRole('button', { name: /^Launch week, / });
    expect(bars).toHaveLength(2);

    const day = within(grid).getByRole('gridcell', { name: /November 25, 2026, 1 scheduled/ });
    const chip = within(day).getByRole('link');
    expect(chip).toHaveAccessibleName(/Carousel: Dull skin by noon\? \(Launch week\)/);
    expect(chip).toHaveAttribute('href', '/create?draftItem=i1&type=carousel&return=/campaigns');
    const videoDay = within(grid).getByRole('gridcell', { name: /November 27, 2026, 1 scheduled/ });
    expect(within(videoDay).getByRole('link')).toHaveAttribute(
      'href',
      '/create?draftItem=i2&type=video&return=/campaigns',
    );
    // The unscheduled item has no chip.
    expect(within(grid).queryByRole('link', { name: /Unscheduled one/ })).toBeNull();
  });

  it('previews up to 4 slide images when a chip is hovered', async () => {
    const u = userEvent.setup();
    api.items.c1 = [
      itemFixture({
        carouselPlan: {
          slides: ['a', 'b', 'c', 'd', 'e'].map((k) => ({ text: k, imageUrl: `/media/${k}.jpg` })),
        },
      }),
    ];
    renderPage();
    const grid = await screen.findByRole('grid', { name: 'November 2026' });
    const chip = await within(grid).findByRole('link', { name: /Carousel/ });
    await u.hover(chip);
    const preview = await screen.findByText('Carousel · Launch week');
    const card = preview.parentElement!;
    await waitFor(() => expect(card.querySelectorAll('img')).toHaveLength(4));
  });

  it('moves between months and back to today', async () => {
    const u = userEvent.setup();
    renderPage();
    await screen.findByRole('grid', { name: 'November 2026' });
    await u.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('grid', { name: 'January 2027' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Launch week, / })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('grid', { name: 'November 2026' })).toBeVisible();
  });

  it('opens a campaign’s items from its bar, and openCampaign in the URL opens them too', async () => {
    const u = userEvent.setup();
    renderPage();
    const bars = await screen.findAllByRole('button', { name: /^Launch week, / });
    await u.click(bars[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Campaign Items' });
    expect(where()).toBe('/campaigns?openCampaign=c1');
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(3);
    await u.keyboard('{Escape}');
    await waitFor(() => expect(where()).toBe('/campaigns'));
  });

  it('opens the campaign named by openCampaign on arrival', async () => {
    renderPage('/campaigns?openCampaign=c1');
    const dialog = await screen.findByRole('dialog', { name: 'Campaign Items' });
    expect(within(dialog).getByText(/Launch week/)).toBeVisible();
  });

  it('lists the campaigns with openTab=list', async () => {
    const u = userEvent.setup();
    renderPage('/campaigns?openTab=list');
    const list = await screen.findByRole('list', { name: 'Campaigns' });
    const entry = within(list).getByRole('button', { name: /Launch week/ });
    expect(entry).toHaveTextContent('3 items · 2 scheduled · 0 sent');
    expect(entry).toHaveTextContent('Every day');
    await u.click(screen.getByRole('tab', { name: 'Calendar' }));
    expect(where()).toBe('/campaigns');
    await u.click(screen.getByRole('tab', { name: 'List' }));
    expect(where()).toBe('/campaigns?openTab=list');
  });

  it('shows the empty state with "Create First Campaign"', async () => {
    const u = userEvent.setup();
    api.campaigns = [];
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No campaigns yet' })).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Create First Campaign' }));
    expect(await screen.findByRole('dialog', { name: 'New Campaign' })).toBeVisible();
  });

  it('opens the upgrade dialog with campaign_limit on the free plan (docs/product/campaigns.md rule 5)', async () => {
    const u = userEvent.setup();
    api.free = true;
    api.campaigns = [];
    renderPage();
    await screen.findByRole('heading', { name: 'No campaigns yet' });
    await waitFor(() => expect(fetchStub.calls('/api/entitlements')).toHaveLength(1));
    await u.click(screen.getByRole('button', { name: 'New Campaign' }));
    await waitFor(() => expect(openUpgradeDialog).toHaveBeenCalledWith('campaign_limit'));
    expect(screen.queryByRole('dialog', { name: 'New Campaign' })).toBeNull();
  });

  it('keeps a campaign on the calendar when one of its items lists fails, and says so', async () => {
    api.campaigns = [campaignFixture(), campaignFixture({ id: 'c2', name: 'Other' })];
    renderPage();
    await toast('Failed to fetch items');
    expect(screen.getAllByRole('button', { name: /^Other, / }).length).toBeGreaterThan(0);
  });
});
