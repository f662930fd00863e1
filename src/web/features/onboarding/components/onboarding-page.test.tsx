import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import type { FetchHandler } from '@/testing/fetch-mock';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { stubUseAuth } from '@/testing/module-stubs';
import { OnboardingPage } from './onboarding-page';

const png = (name: string) => new File(['x'], name, { type: 'image/png' });

let fetchStub: ReturnType<typeof stubFetch>;
const uploads: FormData[] = [];

const server =
  (overrides: FetchHandler = () => undefined): FetchHandler =>
  (url, init) =>
    overrides(url, init) ??
    (url === '/api/products' && init.method === 'POST'
      ? json({ id: 'p1' })
      : url === '/api/products/p1/upload-images'
        ? (uploads.push(init.body as FormData),
          json({ images: ['/f/1.jpg'], thumbnails: ['/f/1-t.webp'], dropped: 0 }))
        : url === '/api/products/p1/analyze'
          ? json({ aiBrief: { hooks: ['a'], hooksSeeds: [], voice: 'Warm', hashtags: [] } })
          : undefined);

const renderPage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/onboarding']}>
        <Routes>
          <Route path="/onboarding" element={<OnboardingPage />} />
          <Route path="/create" element={<p>Create hub</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeEach(() => {
  stubUseAuth(() => ({ user: { firstName: 'Maya' }, signOut: vi.fn(async () => {}) }));
  uploads.length = 0;
  fetchStub = stubFetch(server());
  let blobs = 0;
  URL.createObjectURL = () => `blob:preview-${(blobs += 1)}`;
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OnboardingPage', () => {
  it('shows the welcome, the fields with labels and the description guide', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Welcome, Maya…' })).toBeInTheDocument();
    expect(
      screen.getByText('Tell us about your product to preview how content would look.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(
      "price, what it does, who it's for",
    );
    const images = screen.getByLabelText('Images');
    expect(images).toHaveAttribute('type', 'file');
    // The types the server stores, so a HEIC or SVG is not offered only to fail the upload.
    expect(images).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');
    expect(images).toHaveAttribute('multiple');
  });

  it('keeps "Create and preview" disabled while the trimmed name is empty', async () => {
    renderPage();
    const submit = screen.getByRole('button', { name: 'Create and preview' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Name'), '   ');
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Name'), 'Glow Serum');
    expect(submit).toBeEnabled();
  });

  it('keeps image files only, the first 5, each removable', async () => {
    renderPage();
    const input = screen.getByLabelText('Images');
    await userEvent.upload(
      input,
      [png('1.png'), new File(['x'], 'notes.txt', { type: 'text/plain' }), png('2.png')],
      { applyAccept: false },
    );
    const chosen = () =>
      within(screen.getByRole('list', { name: 'Chosen images' }))
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt'));
    expect(chosen()).toEqual(['Preview 1: 1.png', 'Preview 2: 2.png']);
    expect(screen.getByText(/1 file was left out/)).toBeInTheDocument();

    await userEvent.upload(
      input,
      ['3', '4', '5', '6'].map((n) => png(`${n}.png`)),
    );
    expect(chosen()).toHaveLength(5);
    expect(chosen()[4]).toBe('Preview 5: 5.png');
    expect(input).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(chosen()).toEqual([
      'Preview 1: 2.png',
      'Preview 2: 3.png',
      'Preview 3: 4.png',
      'Preview 4: 5.png',
    ]);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(input).toBeEnabled();
  });

  it('creates the product, uploads the images, starts the analysis and opens /create', async () => {
    renderPage();
    await userEvent.type(screen.getByLabelText('Name'), '  Glow Serum ');
    await userEvent.type(screen.getByLabelText('Description'), '$24 serum for busy moms');
    await userEvent.upload(screen.getByLabelText('Images'), [png('a.png'), png('b.png')]);
    await userEvent.click(screen.getByRole('button', { name: 'Create and preview' }));

    expect(await screen.findByText('Create hub')).toBeInTheDocument();
    expect(fetchStub.calls('/api/products')).toEqual([
      { method: 'POST', body: { name: 'Glow Serum', description: '$24 serum for busy moms' } },
    ]);
    expect(uploads[0]?.getAll('images').map((f) => (f as File).name)).toEqual(['a.png', 'b.png']);
    await waitFor(() =>
      expect(fetchStub.calls('/api/products/p1/analyze')).toEqual([
        { method: 'POST', body: undefined },
      ]),
    );
  });

  it('skips the upload without images', async () => {
    renderPage();
    await userEvent.type(screen.getByLabelText('Name'), 'Glow Serum');
    await userEvent.click(screen.getByRole('button', { name: 'Create and preview' }));
    expect(await screen.findByText('Create hub')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
  });

  it('says so when creating fails, and a retry after a failed upload creates nothing twice', async () => {
    let uploadFails = true;
    fetchStub.setHandler(
      server((url) =>
        url === '/api/products/p1/upload-images' && uploadFails
          ? apiError(415, 'a.png could not be read as an image', 'unsupported_media_type')
          : undefined,
      ),
    );
    renderPage();
    await userEvent.type(screen.getByLabelText('Name'), 'Glow Serum');
    await userEvent.upload(screen.getByLabelText('Images'), [png('a.png')]);
    await userEvent.click(screen.getByRole('button', { name: 'Create and preview' }));
    expect(
      await screen.findByText('Failed to create product. Please try again.'),
    ).toBeInTheDocument();
    // The server's words say which file to take out; a plain retry would fail again.
    expect(screen.getByRole('alert')).toHaveTextContent('a.png could not be read as an image');

    uploadFails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Create and preview' }));
    expect(await screen.findByText('Create hub')).toBeInTheDocument();
    expect(fetchStub.calls('/api/products')).toHaveLength(1);
  });

  it('shows the failure alert when the product cannot be created', async () => {
    fetchStub.setHandler(
      server((url) =>
        url === '/api/products' ? apiError(500, 'Something broke', 'internal') : undefined,
      ),
    );
    renderPage();
    await userEvent.type(screen.getByLabelText('Name'), 'Glow Serum');
    await userEvent.click(screen.getByRole('button', { name: 'Create and preview' }));
    expect(
      await screen.findByText('Failed to create product. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create and preview' })).toBeEnabled();
    // A server fault has nothing the user could fix: the screen's sentence alone.
    expect(screen.queryByText('Something broke')).not.toBeInTheDocument();
  });

  it('drops a chosen file whose preview cannot be drawn, so it never fails the upload', async () => {
    renderPage();
    await userEvent.type(screen.getByLabelText('Name'), 'Glow Serum');
    await userEvent.upload(screen.getByLabelText('Images'), [
      png('a.png'),
      png('renamed-notes.png'),
      png('b.png'),
    ]);
    const list = screen.getByRole('list', { name: 'Chosen images' });
    fireEvent.error(within(list).getByAltText('Preview 2: renamed-notes.png'));

    expect(
      within(list)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Preview 1: a.png', 'Preview 2: b.png']);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
    expect(screen.getByText(/1 file was left out/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Create and preview' }));
    expect(await screen.findByText('Create hub')).toBeInTheDocument();
    expect(uploads[0]?.getAll('images').map((f) => (f as File).name)).toEqual(['a.png', 'b.png']);
  });
});
