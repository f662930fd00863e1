import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TEntitlements } from '#contract/entitlements';
import { stubUseAuth } from '@/testing/module-stubs';
import { PricingPage, pricingUsed, safeReturnPath } from './pricing-page';

const auth = { isAuthenticated: true };

const entitlements = (overrides: Partial<TEntitlements> = {}): TEntitlements => ({
  canAccessApp: true,
  canGenerate: true,
  reason: null,
  plan: 'basic',
  limit: 15,
  remainingQuota: 11,
  used: 4,
  periodStart: '2025-01-01T00:00:00.000Z',
  periodEnd: '2025-02-01T00:00:00.000Z',
  ...overrides,
});

let fetchMock: ReturnType<typeof vi.fn>;

const answerEntitlements = (body: TEntitlements) => {
  fetchMock = vi.fn(async (url: string) =>
    url === '/api/entitlements'
      ? new Response(JSON.stringify(body), { status: 200 })
      : new Response('Not Found', { status: 404 }),
  );
  vi.stubGlobal('fetch', fetchMock);
};

const renderPricing = (url = '/pricing') =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <PricingPage planCards={<p>Plan cards here</p>} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeEach(() => {
  auth.isAuthenticated = true;
  stubUseAuth(() => auth);
  answerEntitlements(entitlements());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PricingPage', () => {
  it('shows the heading, the plan cards and a way home', () => {
    renderPricing();

    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    expect(screen.getByText('All features included under Fair Use.')).toBeInTheDocument();
    expect(screen.getByText('Plan cards here')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('shows the current plan and usage once entitlements load', async () => {
    renderPricing();

    expect(await screen.findByText(/Current plan:/)).toHaveTextContent('Current plan: basic');
    expect(screen.getByText('4 of 15 used')).toBeInTheDocument();
  });

  it('counts an overdrawn quota as fully used and hides usage without a limit', async () => {
    answerEntitlements(entitlements({ limit: 15, remainingQuota: -3 }));
    const { unmount } = renderPricing();
    expect(await screen.findByText('15 of 15 used')).toBeInTheDocument();
    unmount();

    answerEntitlements(entitlements({ plan: 'free', limit: null, remainingQuota: 0 }));
    renderPricing();
    expect(await screen.findByText(/Current plan:/)).toHaveTextContent('Current plan: free');
    expect(screen.queryByText(/ used$/)).not.toBeInTheDocument();
  });

  it('shows the reason from the query', () => {
    renderPricing('/pricing?reason=limit');

    expect(screen.getByText('Reason: limit')).toBeInTheDocument();
    expect(screen.queryByText(/doesn't cover/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('explains upgrade_required and links back to where the user was', () => {
    renderPricing('/pricing?reason=upgrade_required&return=%2Fcreate%3Ftool%3Dvideo');

    expect(screen.getByText('Reason: upgrade_required')).toBeInTheDocument();
    expect(
      screen.getByText(/Your current plan doesn't cover what you just tried\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/create?tool=video',
    );
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('offers no Back link to another site', () => {
    renderPricing('/pricing?reason=upgrade_required&return=https%3A%2F%2Fevil.example%2F');

    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('asks for no entitlements when signed out', async () => {
    auth.isAuthenticated = false;
    renderPricing('/pricing?reason=limit');

    expect(screen.getByText('Reason: limit')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText(/Current plan:/)).not.toBeInTheDocument();
  });
});

describe('pricingUsed', () => {
  it('is limit − max(0, remainingQuota), or null without a numeric limit', () => {
    expect(pricingUsed({ limit: 50, remainingQuota: 20 })).toBe(30);
    expect(pricingUsed({ limit: 50, remainingQuota: -5 })).toBe(50);
    expect(pricingUsed({ limit: null, remainingQuota: 0 })).toBeNull();
  });
});

describe('safeReturnPath', () => {
  it('accepts paths in this app only', () => {
    expect(safeReturnPath('/create?tool=video')).toBe('/create?tool=video');
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('javascript:alert(1)')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});
