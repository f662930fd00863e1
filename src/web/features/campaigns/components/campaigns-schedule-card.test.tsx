import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { api, itemFixture, queryClient, setUpCampaignsPage } from './campaigns-page.harness';
import { CampaignsScheduleCard } from './campaigns-schedule-card';

setUpCampaignsPage();

const renderCard = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <CampaignsScheduleCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe("Dashboard's Campaigns schedule card (decision 051)", () => {
  it('lists the next scheduled posts in time order, each opening its editor', async () => {
    api.items.c1 = [
      itemFixture({ id: 'late', hook: 'Later post', dateScheduled: '2026-11-28T09:00:00.000Z' }),
      itemFixture({ id: 'soon', hook: 'Sooner post', dateScheduled: '2026-11-25T09:00:00.000Z' }),
      itemFixture({ id: 'none', hook: 'Not scheduled', dateScheduled: null }),
      itemFixture({ id: 'past', hook: 'Long gone', dateScheduled: '2026-11-20T09:00:00.000Z' }),
      itemFixture({
        id: 'sent',
        hook: 'Already sent',
        dateScheduled: '2026-11-26T09:00:00.000Z',
        lastJob: { status: 'done', updated_at: '2026-11-26T09:01:00.000Z', last_error: null },
      }),
    ];
    renderCard();
    const list = await screen.findByRole('list', { name: 'Next scheduled posts' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Carousel: Sooner post',
      'Carousel: Later post',
    ]);
    expect(links[0]).toHaveAttribute(
      'href',
      '/create?draftItem=soon&type=carousel&return=/campaigns',
    );
    expect(screen.getByRole('link', { name: /Open calendar/ })).toHaveAttribute(
      'href',
      '/campaigns',
    );
  });

  it('invites the user to create a campaign when there is none', async () => {
    api.campaigns = [];
    renderCard();
    expect(await screen.findByText('No campaigns yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create Campaign' })).toHaveAttribute(
      'href',
      '/campaigns',
    );
  });
});
