import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  api,
  fetchStub,
  itemFixture,
  renderPage,
  setUpCampaignsPage,
  toast,
  where,
} from './campaigns-page.harness';

setUpCampaignsPage();

const openNewCampaign = async (u: ReturnType<typeof userEvent.setup>) => {
  renderPage();
  await screen.findByRole('grid', { name: 'November 2026' });
  await u.click(screen.getByRole('button', { name: 'New Campaign' }));
  return screen.findByRole('dialog', { name: 'New Campaign' });
};

const rowOf = (dialog: HTMLElement, index: number) =>
  within(dialog).getAllByRole('listitem')[index]!;

describe('New Campaign and the creation flow (docs/product/campaigns.md rules 2, 3)', () => {
  it('has every field, keeps Create off until name and product, and drops duplicate dates', async () => {
    const u = userEvent.setup();
    const dialog = await openNewCampaign(u);
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(within(dialog).getByLabelText('Start date')).toHaveValue('2026-11-24');
    expect(within(dialog).getByLabelText('End date')).toHaveValue('2026-12-01');
    expect(within(dialog).getByLabelText('Cadence (hours)')).toHaveValue(24);
    expect(within(dialog).getByLabelText('Cadence (hours)')).toHaveAttribute('min', '6');
    expect(within(dialog).getByLabelText('Cadence (hours)')).toHaveAttribute('max', '168');
    expect(within(dialog).getByLabelText('Daily time (preview only)')).toHaveValue('06:00');
    expect(within(dialog).getByRole('radio', { name: 'By interval' })).toBeChecked();
    expect(within(dialog).getByLabelText('Prompt (optional)')).toHaveValue('');
    const zones = within(within(dialog).getByLabelText('Timezone')).getAllByRole('option');
    expect(zones.map((o) => o.textContent)).toContain('America/Bogota');
    expect(within(dialog).getByText(/^8 posts \(/)).toBeVisible();
    // The product is chosen for the user (their only one), the name is not.
    await waitFor(() => expect(within(dialog).getByLabelText('Product')).toHaveValue('p1'));
    expect(create).toBeDisabled();
    await u.type(within(dialog).getByLabelText('Name'), 'Launch');
    expect(create).toBeEnabled();
    await u.selectOptions(within(dialog).getByLabelText('Product'), '');
    expect(create).toBeDisabled();
    await u.selectOptions(within(dialog).getByLabelText('Product'), 'p1');

    await u.click(within(dialog).getByRole('radio', { name: 'Specific dates' }));
    const input = within(dialog).getByLabelText('Date and time');
    for (const value of ['2026-11-26T09:00', '2026-11-25T18:30', '2026-11-26T09:00']) {
      await u.clear(input);
      await u.type(input, value);
      await u.click(within(dialog).getByRole('button', { name: 'Add' }));
    }
    const dates = within(dialog).getByRole('list', { name: 'Specific dates' });
    expect(within(dates).getAllByRole('listitem')).toHaveLength(2);
    await u.click(within(dates).getAllByRole('button', { name: /^Remove / })[0]!);
    expect(within(dates).getAllByRole('listitem')).toHaveLength(1);

    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Campaign' })).toBeNull());
    expect(fetchStub.calls('/api/campaigns').filter((c) => c.method === 'POST')).toHaveLength(0);
  }, 20_000);

  it('creates, plans, fills the carousels with images and opens the items', async () => {
    const u = userEvent.setup();
    api.plan = [
      itemFixture({
        id: 'n1',
        campaignId: 'c9',
        dateScheduled: null,
        carouselPlan: { slides: [{ text: 'One' }, { text: 'Two' }, { text: 'Three' }] },
      }),
      itemFixture({
        id: 'n2',
        campaignId: 'c9',
        type: 'video',
        carouselPlan: null,
        dateScheduled: null,
      }),
    ];
    const dialog = await openNewCampaign(u);
    await u.type(within(dialog).getByLabelText('Name'), 'Gym launch');
    await u.type(within(dialog).getByLabelText('Prompt (optional)'), 'Reach gym-goers');
    await u.clear(within(dialog).getByLabelText('Cadence (hours)'));
    await u.type(within(dialog).getByLabelText('Cadence (hours)'), '12');
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));

    // One toast at a time (docs/product/app.md rule 7): "Campaign created" gives way to the plan's
    // own.
    await toast('Plan generated', '2 items created.');
    const items = await screen.findByRole('dialog', { name: 'Campaign Items' });
    expect(where()).toBe('/campaigns?openCampaign=c9');
    expect(within(items).getByText(/Gym launch/)).toBeVisible();

    expect(fetchStub.calls('/api/campaigns').find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Gym launch',
      productId: 'p1',
      startDate: '2026-11-24',
      endDate: '2026-12-01',
      timezone: expect.any(String),
      cadenceHours: 12,
      scheduleMode: 'interval',
      customDates: [],
      goal: 'Reach gym-goers',
    });
    // Only the carousel item without images asks for a collection, and is patched with it.
    expect(fetchStub.calls('/api/ai/select-image-collection')).toEqual([
      { method: 'POST', body: { slides: ['One', 'Two', 'Three'], productId: 'p1' } },
    ]);
    const patch = fetchStub.calls('/api/campaigns/c9/items/n1')[0]?.body as {
      carouselPlan: { slides: { imageUrl: string }[] };
    };
    expect(patch.carouselPlan.slides.map((s) => s.imageUrl).every(Boolean)).toBe(true);
    expect(fetchStub.calls('/api/campaigns/c9/items/n2')).toHaveLength(0);
  }, 20_000);

  it('says so when the plan fails, and offers Generate Plan in the items', async () => {
    const u = userEvent.setup();
    api.plan = 502;
    const dialog = await openNewCampaign(u);
    await u.type(within(dialog).getByLabelText('Name'), 'Busy day');
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    await toast('Plan generation failed', 'The AI is busy');
    const items = await screen.findByRole('dialog', { name: 'Campaign Items' });

    api.plan = [itemFixture({ id: 'n1', campaignId: 'c9' })];
    await u.click(await within(items).findByRole('button', { name: 'Generate Plan' }));
    await toast('Plan generated', '1 items created.');
    expect(
      await within(items).findByRole('link', { name: /Carousel • problem solution/ }),
    ).toBeVisible();
  });

  it('sends the user to pricing when the plan needs an upgrade (402)', async () => {
    const u = userEvent.setup();
    api.plan402 = true;
    const dialog = await openNewCampaign(u);
    await u.type(within(dialog).getByLabelText('Name'), 'Launch');
    await u.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(where()).toBe('/pricing?reason=upgrade_required&return=%2Fcampaigns'),
    );
    await toast('Campaign created', 'Generating initial plan…');
  }, 20_000);
});

describe('Campaign Items dialog (docs/product/campaigns.md rule 6)', () => {
  const openItems = async () => {
    renderPage('/campaigns?openCampaign=c1');
    const dialog = await screen.findByRole('dialog', { name: 'Campaign Items' });
    await within(dialog).findAllByRole('link', { name: /•/ });
    return dialog;
  };

  it('shows each item in order with its link, hook, caption, schedule, job and thumbnail', async () => {
    const dialog = await openItems();
    const links = within(dialog).getAllByRole('link', { name: /•/ });
    expect(links.map((l) => l.textContent)).toEqual([
      'Carousel • problem solution',
      'Video • demo',
      'Carousel • problem solution',
    ]);
    expect(links[0]).toHaveAttribute(
      'href',
      '/create?draftItem=i1&type=carousel&return=/campaigns%3FopenCampaign%3Dc1',
    );
    const first = rowOf(dialog, 0);
    expect(within(first).getByText('Dull skin by noon?')).toBeVisible();
    expect(within(first).getByText('Glow that lasts')).toBeVisible();
    expect(within(first).getByRole('button', { name: 'Generate Carousel' })).toBeVisible();
    expect(within(first).getByLabelText('Date and time (UTC)')).toHaveValue('2026-11-25T09:00');
    expect(within(first).getByText(/^Scheduled: .*25/)).toBeVisible();
    expect(first.querySelector('img')).toHaveAttribute('src', '/media/a.jpg');

    const video = rowOf(dialog, 1);
    expect(within(video).getByRole('button', { name: 'Generate Hook' })).toBeVisible();
    expect(within(video).getByText('failed').className).toContain('bg-destructive');
    expect(within(video).getByText('The TikTok account needs reconnecting.')).toBeVisible();
    // A pre-made character's clip shows as its portrait (GET /api/characters/list).
    await waitFor(() =>
      expect(video.querySelector('img')).toHaveAttribute('src', '/media/characters/ava.jpg'),
    );

    const unscheduled = within(dialog).getAllByRole('listitem')[2]!;
    expect(within(unscheduled).getByText('Scheduled: not yet')).toBeVisible();
    expect(within(unscheduled).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(unscheduled).getByRole('button', { name: 'Unschedule' })).toBeDisabled();
  });

  it('generates a carousel and a hook into their items', async () => {
    const u = userEvent.setup();
    const dialog = await openItems();
    await u.click(within(rowOf(dialog, 1)).getByRole('button', { name: 'Generate Hook' }));
    await toast('Hook generated', 'Hook saved to item.');
    expect(fetchStub.calls('/api/ai/generate-video-hook')[0]?.body).toEqual({
      productId: 'p1',
      constraints: { exclude: ['Dull skin by noon?', 'Unscheduled one'] },
    });
    expect(fetchStub.calls('/api/campaigns/c1/items/i2')[0]?.body).toEqual({
      hook: 'Fresh hook',
      status: 'assets_ready',
    });
    expect(await within(dialog).findByText('Fresh hook')).toBeVisible();

    const first = within(dialog).getAllByRole('listitem')[0]!;
    await u.click(within(first).getByRole('button', { name: 'Generate Carousel' }));
    await toast('Carousel ready', 'Slides and caption saved to item.');
    expect(fetchStub.calls('/api/ai/generate-carousel-plan')[0]?.body).toEqual({
      productId: 'p1',
      slides: 6,
      prompt: 'Gym crowd',
    });
    const saved = fetchStub.calls('/api/campaigns/c1/items/i1')[0]?.body as {
      caption: string;
      hashtags: string[];
      status: string;
      carouselPlan: { slides: { text: string; imageUrl: string }[] };
    };
    expect(saved.caption).toBe('New caption');
    expect(saved.hashtags).toEqual(['glow']);
    expect(saved.status).toBe('assets_ready');
    expect(saved.carouselPlan.slides.map((s) => s.text)).toEqual([
      'Hook',
      'Why',
      'How',
      'Proof',
      'Offer',
      'Buy',
    ]);
    // The plan named its collection: its images are used without asking the AI again.
    expect(fetchStub.calls('/api/ai/select-image-collection')).toHaveLength(0);
    expect(saved.carouselPlan.slides.every((s) => s.imageUrl.startsWith('/media/s'))).toBe(true);
  });

  it('sends the user to pricing when a carousel needs an upgrade', async () => {
    const u = userEvent.setup();
    api.plan402Ai = true;
    const dialog = await openItems();
    const first = within(dialog).getAllByRole('listitem')[0]!;
    await u.click(within(first).getByRole('button', { name: 'Generate Carousel' }));
    await waitFor(() => expect(where()).toMatch(/^\/pricing\?reason=upgrade_required&return=/));
    expect(where()).toContain('return=%2Fcampaigns%3FopenCampaign%3Dc1');
  });

  it('schedules, unschedules and says when the server refuses', async () => {
    const u = userEvent.setup();
    const dialog = await openItems();
    const row = within(dialog).getAllByRole('listitem')[2]!;
    await u.type(within(row).getByLabelText('Date and time (UTC)'), '2026-11-28T10:15');
    await u.click(within(row).getByRole('button', { name: 'Save' }));
    await toast('Scheduled');
    expect(fetchStub.calls('/api/campaigns/c1/items/i3')[0]?.body).toEqual({
      dateScheduled: '2026-11-28T10:15',
    });
    const rescheduled = within(dialog).getAllByRole('listitem')[2]!;
    expect(within(rescheduled).getByText(/^Scheduled: .*28/)).toBeVisible();

    await u.click(within(rescheduled).getByRole('button', { name: 'Unschedule' }));
    await toast('Unschedule', 'Item unscheduled');
    expect(fetchStub.calls('/api/campaigns/c1/items/i3')[1]?.body).toEqual({
      dateScheduled: null,
    });

    api.patchStatus = 409;
    const again = within(dialog).getAllByRole('listitem')[2]!;
    await u.type(within(again).getByLabelText('Date and time (UTC)'), '2026-11-29T10:15');
    await u.click(within(again).getByRole('button', { name: 'Save' }));
    await toast('Schedule failed', 'Assets not ready or invalid date');
  }, 20_000);

  it('schedules all at a daily time', async () => {
    const u = userEvent.setup();
    const dialog = await openItems();
    await u.click(within(dialog).getByRole('button', { name: 'Schedule All' }));
    const schedule = await screen.findByRole('dialog', { name: 'Schedule All' });
    const time = within(schedule).getByLabelText('Daily time');
    expect(time).toHaveValue('06:00');
    await u.clear(time);
    await u.type(time, '08:45');
    await u.click(within(schedule).getByRole('button', { name: 'Apply' }));
    await toast('Scheduled', '2 items scheduled.');
    expect(fetchStub.calls('/api/campaigns/c1/schedule/bulk')).toEqual([
      { method: 'POST', body: { preferredHour: 8, preferredMinute: 45 } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Schedule All' })).toBeNull());
  });

  it('deletes the campaign after a confirmation', async () => {
    const u = userEvent.setup();
    const dialog = await openItems();
    await u.click(within(dialog).getByRole('button', { name: 'Delete Campaign' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this campaign?' });
    await u.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await toast('Campaign deleted');
    expect(fetchStub.calls('/api/campaigns/c1')).toEqual([{ method: 'DELETE', body: undefined }]);
    await waitFor(() => expect(where()).toBe('/campaigns'));
    expect(await screen.findByRole('heading', { name: 'No campaigns yet' })).toBeVisible();
  });
});
