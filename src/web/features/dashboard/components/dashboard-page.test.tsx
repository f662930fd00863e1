import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubUseAuth } from '@/testing/module-stubs';
import { DashboardPage } from './dashboard-page';

const auth = { user: null as { firstName: string | null } | null };

const renderDashboard = (props: Parameters<typeof DashboardPage>[0] = {}) =>
  render(
    <MemoryRouter initialEntries={['/app']}>
      <DashboardPage {...props} />
    </MemoryRouter>,
  );

beforeEach(() => {
  auth.user = { firstName: 'Jane' };
  stubUseAuth(() => ({ user: auth.user }));
});

describe('DashboardPage', () => {
  it('shows the header with its actions', () => {
    renderDashboard();

    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(
      screen.getByText("Welcome back! Here's an overview of your UGC content."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect TikTok' })).toHaveAttribute(
      'href',
      '/settings?tab=tiktok',
    );
    expect(screen.getByRole('link', { name: 'Create Content' })).toHaveAttribute('href', '/create');
  });

  it('welcomes the user by first name, with the three tiles', () => {
    renderDashboard();

    expect(screen.getByRole('heading', { name: 'Welcome, Jane' })).toBeInTheDocument();
    expect(screen.getByText('What would you like to create today?')).toBeInTheDocument();

    const tiles = within(screen.getAllByRole('list')[0] as HTMLElement).getAllByRole('listitem');
    expect(tiles).toHaveLength(3);
    expect(within(tiles[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/create');
    expect(tiles[0]).toHaveTextContent('Create ContentGenerate a new video or photo UGC ad');
    expect(tiles[1]).toHaveTextContent('Create Campaign');
    expect(tiles[1]).toHaveTextContent('Automate publishing across the week');
    // Campaigns are built: the tile opens them (decision 051).
    expect(within(tiles[1] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/campaigns');
    expect(within(tiles[2] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/products');
    expect(tiles[2]).toHaveTextContent('Manage ProductsAdd or update the product you promote');
  });

  it('says just "Welcome" without a first name', () => {
    auth.user = { firstName: null };
    renderDashboard();

    expect(screen.getByRole('heading', { level: 2, name: 'Welcome' })).toBeInTheDocument();
  });

  it('shows the campaigns schedule card it is given, and no placeholder', () => {
    renderDashboard({
      campaignsSchedule: <section aria-label="Campaigns schedule">Next posts</section>,
    });

    expect(screen.getByRole('region', { name: 'Campaigns schedule' })).toBeInTheDocument();
    expect(screen.queryByText('Coming soon!')).not.toBeInTheDocument();
    expect(screen.queryByText('This section is under construction')).not.toBeInTheDocument();
  });

  it('renders the usage, next best action and TikTok slots', () => {
    renderDashboard({
      usage: <section aria-label="Usage">This period usage</section>,
      nextBestAction: <section aria-label="Next best action">Add a Product</section>,
      tiktokControl: <button type="button">@jane</button>,
    });

    expect(screen.getByRole('region', { name: 'Usage' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Next best action' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '@jane' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Connect TikTok' })).not.toBeInTheDocument();
  });
});
