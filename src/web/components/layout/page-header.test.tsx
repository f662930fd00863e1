import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-mock';
import { PageHeader } from './page-header';

afterEach(() => {
  vi.unstubAllGlobals();
});

const entitlements = (remainingQuota: number, limit: number | null) => ({
  canAccessApp: true,
  canGenerate: remainingQuota > 0,
  reason: null,
  plan: 'plus',
  limit,
  remainingQuota,
  used: (limit ?? 0) - remainingQuota,
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
});

const withProviders = (children: ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

describe('PageHeader', () => {
  it('shows the title, subtitle and a "Create New Ad" button by default', () => {
    stubFetch();
    render(withProviders(<PageHeader title="Products" subtitle="Everything you promote" />));

    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(screen.getByText('Everything you promote')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Ad' })).toHaveAttribute('href', '/create');
  });

  it('shows a custom action instead, or none when given null', () => {
    stubFetch();
    const { rerender } = render(
      withProviders(<PageHeader title="Settings" action={<button type="button">Export</button>} />),
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create New Ad' })).not.toBeInTheDocument();

    rerender(withProviders(<PageHeader title="Settings" action={null} />));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the credits left from the entitlements, never a made-up figure', async () => {
    stubFetch((url) => (url === '/api/entitlements' ? json(entitlements(37, 50)) : undefined));
    render(withProviders(<PageHeader title="Products" />));
    expect(await screen.findByText(/37 credits/)).toHaveTextContent('37 credits left this period');
    expect(screen.queryByText(/2847/)).not.toBeInTheDocument();
  });

  it('shows nothing in place of the credits while they are unknown', async () => {
    const failing = stubFetch(() => json({ error: 'down', code: 'internal_error' }, 500));
    render(withProviders(<PageHeader title="Products" />));
    await vi.waitFor(() => expect(failing.fetchMock).toHaveBeenCalled());
    expect(screen.queryByText(/credits?/)).not.toBeInTheDocument();
  });
});
