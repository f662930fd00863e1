import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { apiError, stubFetch } from '@/testing/fetch-mock';
import { stubUseAuth } from '@/testing/module-stubs';
import { UpgradeDialogProvider, useUpgradeDialog } from './upgrade-dialog-context';

const NewProductButton = ({ meta }: { meta?: Record<string, unknown> }) => {
  const create = useMutation({
    mutationFn: () => apiRequest('/api/products', { body: { name: 'Serum', description: '' } }),
    meta,
  });
  return (
    <button type="button" onClick={() => create.mutate()}>
      New Product
    </button>
  );
};

const Campaigns = () => {
  useQuery({ queryKey: ['/api/campaigns'], queryFn: () => apiRequest('/api/campaigns') });
  return null;
};

const OpenByHand = () => {
  const { openUpgradeDialog } = useUpgradeDialog();
  return (
    <button type="button" onClick={() => openUpgradeDialog('campaign_limit')}>
      New Campaign
    </button>
  );
};

const renderApp = (children: React.ReactNode) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <UpgradeDialogProvider>{children}</UpgradeDialogProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );

let fetchStub: ReturnType<typeof stubFetch>;

beforeEach(() => {
  stubUseAuth(() => ({ user: { plan: 'basic' } }));
  fetchStub = stubFetch((url) => {
    if (url === '/api/products')
      return apiError(402, 'Your plan allows 1 product', 'product_limit');
    if (url === '/api/campaigns') return new Response('', { status: 402 });
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UpgradeDialogProvider', () => {
  it('opens the upgrade dialog with the server code when a mutation gets a 402', async () => {
    const user = userEvent.setup();
    renderApp(<NewProductButton />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New Product' }));

    // The dialog's lazy chunk can take more than the default second on a busy CI machine.
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Upgrade to Generate' },
      { timeout: 5000 },
    );
    expect(
      within(dialog).getByText("You've reached the number of products your plan allows."),
    ).toHaveAttribute('data-reason', 'product_limit');
    // The signed-in user's plan is marked on its card.
    expect(within(dialog).getByRole('region', { name: 'Basic' })).toHaveTextContent('Current plan');
    expect(fetchStub.calls('/api/products')).toHaveLength(1);
  });

  it('opens it for a query too, with the default reason "limit" when the server gives none', async () => {
    renderApp(<Campaigns />);

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText("You've used all the Videos/Photos your plan includes this period."),
    ).toHaveAttribute('data-reason', 'limit');
  });

  it('leaves a 402 alone when the caller handles it itself', async () => {
    const user = userEvent.setup();
    renderApp(<NewProductButton meta={{ upgradeDialog: false }} />);

    await user.click(screen.getByRole('button', { name: 'New Product' }));

    await waitFor(() => expect(fetchStub.calls('/api/products')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not open for other errors', async () => {
    const user = userEvent.setup();
    fetchStub.setHandler(() => apiError(500, 'Something went wrong on our side', 'internal_error'));
    renderApp(<NewProductButton />);

    await user.click(screen.getByRole('button', { name: 'New Product' }));

    await waitFor(() => expect(fetchStub.calls('/api/products')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens from features with their own reason, and closes', async () => {
    const user = userEvent.setup();
    renderApp(<OpenByHand />);

    await user.click(screen.getByRole('button', { name: 'New Campaign' }));
    // The dialog's lazy chunk is not loaded yet when this test runs first in its worker.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Campaigns need a paid plan.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
