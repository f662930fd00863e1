import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '@/testing/fetch-mock';
import {
  product,
  fetchStub,
  server,
  serve,
  renderPage,
  brief,
  card,
  setUpProductsPage,
  toastMock,
} from './products-page.harness';

setUpProductsPage();

describe('ProductsPage: a card’s images and analysis', () => {
  it('uploads images from a card and says how many were left out', async () => {
    server.products = [product({ images: ['/files/1.jpg'], thumbnails: ['/files/1-t.webp'] })];
    const uploads: FormData[] = [];
    fetchStub.setHandler(
      serve((url, init) => {
        if (url !== '/api/products/p1/upload-images') return undefined;
        uploads.push(init.body as FormData);
        // The product had 1 image: 4 of the 5 sent are kept, 1 is dropped.
        return json({
          images: ['/files/1.jpg', '/files/a.jpg', '/files/b.jpg', '/files/c.jpg', '/files/d.jpg'],
          thumbnails: [
            '/files/1-t.webp',
            '/files/a-t.webp',
            '/files/b-t.webp',
            '/files/c-t.webp',
            '/files/d-t.webp',
          ],
          dropped: 1,
        });
      }),
    );
    renderPage();
    const glow = await card('Glow Serum');
    const chosen = ['a', 'b', 'c', 'd', 'e', 'f'].map(
      (n) => new File(['x'], `${n}.png`, { type: 'image/png' }),
    );
    await userEvent.upload(within(glow).getByLabelText('Images for Glow Serum'), chosen);
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Images uploaded',
        description: '2 images were left out: a product keeps up to 5 images.',
      }),
    );
    expect(uploads[0]?.getAll('images')).toHaveLength(5);
    await waitFor(() =>
      expect(
        within(glow)
          .getAllByRole('img')
          .map((i) => i.getAttribute('src')),
      ).toEqual(['/files/1-t.webp', '/files/a-t.webp', '/files/b-t.webp']),
    );
    expect(within(glow).getByText('+2')).toBeInTheDocument();
  });

  it('says the upload failed when the product already has 5 images', async () => {
    fetchStub.setHandler(
      serve((url) =>
        url === '/api/products/p1/upload-images'
          ? json({ images: product().images, thumbnails: product().thumbnails, dropped: 1 })
          : undefined,
      ),
    );
    renderPage();
    const glow = await card('Glow Serum');
    await userEvent.upload(within(glow).getByLabelText('Images for Glow Serum'), [
      new File(['x'], 'a.png', { type: 'image/png' }),
    ]);
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Upload failed',
        description: 'This product already has 5 images, the most a product keeps.',
        variant: 'destructive',
      }),
    );
  });

  it('shows the server’s text when an upload fails', async () => {
    fetchStub.setHandler(
      serve((url) =>
        url === '/api/products/p1/upload-images'
          ? apiError(
              415,
              'fake.png is not a JPEG, PNG, GIF or WebP image',
              'unsupported_media_type',
            )
          : undefined,
      ),
    );
    renderPage();
    const glow = await card('Glow Serum');
    await userEvent.upload(within(glow).getByLabelText('Images for Glow Serum'), [
      new File(['x'], 'fake.png', { type: 'image/png' }),
    ]);
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Upload failed',
        description: 'fake.png is not a JPEG, PNG, GIF or WebP image',
        variant: 'destructive',
      }),
    );
  });

  it('re-analyses with force, busy meanwhile, and shows the new brief', async () => {
    let answer!: (r: Response) => void;
    fetchStub.setHandler(
      serve((url) =>
        url === '/api/products/p1/analyze'
          ? (new Promise<Response>((r) => (answer = r)) as unknown as Response)
          : undefined,
      ),
    );
    renderPage();
    const glow = await card('Glow Serum');
    await userEvent.click(within(glow).getByRole('button', { name: 'Analyze with AI' }));
    const busy = within(glow).getByRole('button', { name: 'Analyzing…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(fetchStub.calls('/api/products/p1/analyze')).toEqual([
      { method: 'POST', body: { force: true } },
    ]);
    answer(json({ aiBrief: { ...brief, voice: 'Bold and direct.', hashtags: ['#a', '#b'] } }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'AI analysis complete' }));
    expect(within(glow).getByText('Bold and direct.')).toBeInTheDocument();
    expect(within(glow).getByRole('button', { name: 'Analyze with AI' })).toBeEnabled();
  });

  it('says "Analysis failed" when the analysis fails', async () => {
    fetchStub.setHandler(
      serve((url) =>
        url === '/api/products/p1/analyze'
          ? apiError(504, 'The AI took too long; try again', 'ai_timeout')
          : undefined,
      ),
    );
    renderPage();
    const glow = await card('Glow Serum');
    await userEvent.click(within(glow).getByRole('button', { name: 'Analyze with AI' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Analysis failed',
        description: 'The AI took too long; try again',
        variant: 'destructive',
      }),
    );
  });
});
