import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { briefPolling } from '@/lib/products/start-analysis';
import { apiError, json } from '@/testing/fetch-mock';
import {
  brief,
  product,
  fetchStub,
  server,
  upgradeReasons,
  serve,
  renderPage,
  card,
  auth,
  setUpProductsPage,
  toastMock,
} from './products-page.harness';

setUpProductsPage();

/** A Plus user fills in "Travel Mug" and presses Create; the server answers with `refusal()`. */
const createRefusedWith = async (refusal: () => Response) => {
  auth.plan = 'plus';
  fetchStub.setHandler(
    serve((url, init) =>
      url === '/api/products' && init.method === 'POST' ? refusal() : undefined,
    ),
  );
  renderPage();
  await card('Glow Serum');
  await userEvent.click(screen.getByRole('button', { name: 'New Product' }));
  await userEvent.type(screen.getByLabelText('Name'), 'Travel Mug');
  await userEvent.click(screen.getByRole('button', { name: 'Create' }));
};

describe('ProductsPage: creating a product', () => {
  it('creates a product with images, then starts its analysis', async () => {
    auth.plan = 'plus';
    const uploads: FormData[] = [];
    const created = product({ id: 'p9', name: 'Travel Mug', isDefault: false, aiBrief: null });
    fetchStub.setHandler(
      serve((url, init) => {
        if (url === '/api/products' && init.method === 'POST') {
          server.products = [created, ...server.products];
          return json({ id: 'p9' });
        }
        if (url === '/api/products/p9/upload-images') {
          uploads.push(init.body as FormData);
          return json({ images: ['/files/m.jpg'], thumbnails: ['/files/m-t.webp'], dropped: 0 });
        }
        if (url === '/api/products/p9/analyze') return json({ aiBrief: brief });
        if (url === '/api/products/p9') return json({ ...created, aiBrief: brief });
        return undefined;
      }),
    );
    renderPage();
    await card('Glow Serum');
    await userEvent.click(screen.getByRole('button', { name: 'New Product' }));

    const dialog = screen.getByRole('dialog', { name: 'Create Product' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    expect(within(dialog).getByText("price, what it does, who it's for")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Name'), '   ');
    expect(create).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Travel Mug');
    await userEvent.type(within(dialog).getByLabelText('Description'), '$18 mug, keeps coffee hot');
    const files = ['1', '2', '3', '4', '5', '6'].map(
      (n) => new File(['x'], `${n}.png`, { type: 'image/png' }),
    );
    await userEvent.upload(within(dialog).getByLabelText('Images'), files);
    expect(within(dialog).getAllByRole('button', { name: /^Remove image/ })).toHaveLength(5);
    await userEvent.click(create);

    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Product created',
        description: 'AI analysis started automatically.',
      }),
    );
    expect(fetchStub.calls('/api/products').find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Travel Mug',
      description: '$18 mug, keeps coffee hot',
    });
    expect(uploads[0]?.getAll('images').map((f) => (f as File).name)).toEqual([
      '1.png',
      '2.png',
      '3.png',
      '4.png',
      '5.png',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const mug = await card('Travel Mug');
    // The analysis answer lands on the card without a reload.
    await waitFor(() => expect(within(mug).getByText(brief.voice)).toBeInTheDocument());
    expect(fetchStub.calls('/api/products/p9/analyze')).toEqual([
      { method: 'POST', body: undefined },
    ]);
  });

  it('shows the brief once the creation job wrote it, when analyze answers that it is still running', async () => {
    auth.plan = 'plus';
    const pause = briefPolling.pause;
    briefPolling.pause = async () => undefined;
    const created = product({ id: 'p9', name: 'Travel Mug', isDefault: false, aiBrief: null });
    let reads = 0;
    fetchStub.setHandler(
      serve((url, init) => {
        if (url === '/api/products' && init.method === 'POST') {
          server.products = [created, ...server.products];
          return json({ id: 'p9' });
        }
        if (url === '/api/products/p9/analyze') return json({ aiBrief: null }, 202);
        if (url === '/api/products/p9') {
          reads += 1;
          return json({ ...created, aiBrief: reads < 3 ? null : brief });
        }
        return undefined;
      }),
    );
    try {
      renderPage();
      await card('Glow Serum');
      await userEvent.click(screen.getByRole('button', { name: 'New Product' }));
      await userEvent.type(screen.getByLabelText('Name'), 'Travel Mug');
      await userEvent.click(screen.getByRole('button', { name: 'Create' }));
      const mug = await card('Travel Mug');
      await waitFor(() => expect(within(mug).getByText(brief.voice)).toBeInTheDocument());
      expect(fetchStub.calls('/api/products/p9/analyze')).toHaveLength(1);
      expect(reads).toBe(3);
    } finally {
      briefPolling.pause = pause;
    }
  });

  it('ignores a failed analysis after creating', async () => {
    auth.plan = 'pro';
    fetchStub.setHandler(
      serve((url, init) => {
        if (url === '/api/products' && init.method === 'POST') return json({ id: 'p9' });
        if (url === '/api/products/p9/analyze')
          return apiError(402, 'Upgrade', 'ai_allowance_upgrade');
        return undefined;
      }),
    );
    renderPage();
    await card('Glow Serum');
    await userEvent.click(screen.getByRole('button', { name: 'New Product' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Travel Mug');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fetchStub.calls('/api/products/p9/analyze')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(toastMock).toHaveBeenCalledTimes(1);
    expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Product created' }));
    expect(upgradeReasons).toEqual([]);
  });

  it('says "Create failed" when the server refuses, and keeps the form', async () => {
    await createRefusedWith(() => apiError(400, 'Enter the product name', 'validation_error'));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Create failed',
        description: 'Enter the product name',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Create Product' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Travel Mug');
  });

  it('hands a 402 product_limit from the server to the upgrade dialog', async () => {
    await createRefusedWith(() => apiError(402, 'Your plan allows 5 products', 'product_limit'));
    await waitFor(() => expect(upgradeReasons).toEqual(['product_limit']));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('refreshes the list after a 402, so the next "New Product" offers the upgrade', async () => {
    auth.plan = 'plus';
    server.products = ['p1', 'p2', 'p3', 'p4'].map((id, i) =>
      product({ id, name: `Product ${i + 1}`, isDefault: i === 0 }),
    );
    // A fifth product made in another tab: the server knows, this page does not yet.
    const elsewhere = product({ id: 'p5', name: 'Made Elsewhere', isDefault: false });
    fetchStub.setHandler(
      serve((url, init) => {
        if (url !== '/api/products') return undefined;
        if (init.method === 'POST') {
          server.products = [elsewhere, ...server.products];
          return apiError(402, 'Your Plus plan includes 5 products.', 'product_limit');
        }
        return undefined;
      }),
    );
    const { onUpgradeRequired } = renderPage();
    await card('Product 4');
    await userEvent.click(screen.getByRole('button', { name: 'New Product' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Sixth');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(upgradeReasons).toEqual(['product_limit']));
    await card('Made Elsewhere');

    await userEvent.click(screen.getByRole('button', { name: 'New Product' }));
    expect(onUpgradeRequired).toHaveBeenCalledWith('product_limit');
    expect(screen.queryByRole('dialog', { name: 'Create Product' })).not.toBeInTheDocument();
  });
});
