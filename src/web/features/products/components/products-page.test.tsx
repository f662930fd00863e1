import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError } from '@/testing/fetch-mock';
import {
  brief,
  product,
  fetchStub,
  server,
  serve,
  renderPage,
  card,
  setUpProductsPage,
} from './products-page.harness';

setUpProductsPage();

describe('ProductsPage: the list', () => {
  it('shows the list the loading screen’s preload cached without asking again', async () => {
    renderPage([product({ name: 'Preloaded Serum' })]);
    expect(await card('Preloaded Serum')).toBeInTheDocument();
    expect(fetchStub.calls('/api/products')).toHaveLength(0);
  });

  it('shows the title, subtitle and a loading state, then the cards', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(
      screen.getByText('Centralize your product info to power AI suggestions'),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading products…');
    expect(screen.getByRole('button', { name: 'New Product' })).toBeDisabled();

    const glow = await card('Glow Serum');
    expect(within(glow).getByText('Default')).toBeInTheDocument();
    expect(within(glow).getByText(/fades dark spots/)).toBeInTheDocument();
    // 4 images, 3 shown, thumbnails first.
    const images = within(
      within(glow).getByRole('list', { name: 'Images of Glow Serum' }),
    ).getAllByRole('img');
    expect(images.map((i) => i.getAttribute('src'))).toEqual([
      '/files/1-t.webp',
      '/files/2-t.webp',
      '/files/3-t.webp',
    ]);
    expect(within(glow).getByText('+1')).toBeInTheDocument();
    const aiBrief = within(glow).getByRole('region', { name: 'AI Brief' });
    expect(within(aiBrief).getByText('Voice')).toBeInTheDocument();
    expect(within(aiBrief).getByText(brief.voice)).toBeInTheDocument();
    expect(
      within(within(aiBrief).getByRole('list', { name: 'Hashtags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['#skincare', '#vitaminc', '#glowup']);
    expect(within(glow).getByRole('button', { name: 'Upload Images' })).toBeEnabled();
    expect(within(glow).getByRole('button', { name: 'Analyze with AI' })).toBeEnabled();
  });

  it('says "No AI analysis yet" without a brief, and hides the badge on other products', async () => {
    server.products = [
      product({
        id: 'p2',
        name: 'Travel Mug',
        isDefault: false,
        aiBrief: null,
        images: [],
        thumbnails: [],
      }),
    ];
    renderPage();
    const mug = await card('Travel Mug');
    expect(within(mug).getByText('No AI analysis yet')).toBeInTheDocument();
    expect(within(mug).queryByText('Default')).not.toBeInTheDocument();
    expect(within(mug).getByText('No images yet')).toBeInTheDocument();
  });

  it('treats a 401 as an empty list', async () => {
    fetchStub.setHandler(
      serve((url) =>
        url === '/api/products' ? apiError(401, 'Sign in', 'unauthorized') : undefined,
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeInTheDocument();
  });

  it('offers a retry when the list fails to load', async () => {
    fetchStub.setHandler(
      serve((url) => (url === '/api/products' ? apiError(500, 'Boom', 'internal') : undefined)),
    );
    renderPage();
    expect(await screen.findByText("Couldn't load your products.")).toBeInTheDocument();
    fetchStub.setHandler(serve());
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('Glow Serum')).toBeInTheDocument();
  });

  it('opens the upgrade dialog with product_limit for a free user who has a product', async () => {
    const { onUpgradeRequired } = renderPage();
    await card('Glow Serum');
    await userEvent.click(screen.getByRole('button', { name: 'New Product' }));
    expect(onUpgradeRequired).toHaveBeenCalledWith('product_limit');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
