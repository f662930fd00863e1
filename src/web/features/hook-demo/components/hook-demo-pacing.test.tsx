import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TRenderEdit } from '#contract/render';
import {
  api,
  editorOpen,
  generate,
  readyDraft,
  renderCalls,
  renderEditor,
  toast,
} from './hook-demo-editor.harness';

// A template's pacing (decision 043) reaches everything that times the video's parts.

afterEach(() => {
  vi.useRealTimers();
});

const label = () => screen.getByText(/^(UGC Media|Product Video)$/, { selector: 'span' });

describe('Hook + Demo editor: pacing', { timeout: 15_000 }, () => {
  it("renders a template's pacing, not the default 5 s + 5 s", async () => {
    const u = userEvent.setup();
    api.draft = readyDraft({ ugcDurationSec: 3, productDurationSec: 7, templateId: 't-quick' });
    renderEditor();
    await editorOpen();
    await generate(u);
    await toast('Hook + Demo Generation Started', 'Added to queue. Tracking rendering progress...');
    const [[, init]] = renderCalls() as [[string, RequestInit]];
    const edit = JSON.parse(String(init.body)) as TRenderEdit;
    const [overlay] = edit.timeline.tracks[0]!.clips;
    const [character, product] = edit.timeline.tracks[1]!.clips;
    expect(overlay).toMatchObject({ start: 0, length: 3 });
    expect(character).toMatchObject({ start: 0, length: 3 });
    expect(product).toMatchObject({ start: 3, length: 7 });
  });

  it('the preview plays each part for as long as the render will', async () => {
    // Real time still passes, so the fetches answer; the preview's clock is moved by hand.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    api.draft = readyDraft({ ugcDurationSec: 3, productDurationSec: 7 });
    renderEditor();
    await editorOpen();
    // The parts alternate once the product video has its playable URL.
    const chosen = within(screen.getByRole('list', { name: 'Your product video' }));
    await waitFor(() =>
      expect(chosen.getByLabelText('Chosen product video')).toHaveAttribute('src'),
    );
    // The URL arrived outside act(): React starts the part's clock in an effect of its own
    // scheduling, which runs once the test lets other tasks run.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(label()).toHaveTextContent('UGC Media');
    // The render cuts or loops each source to its part, so the preview does too.
    expect(screen.getByLabelText('UGC character clip')).toHaveProperty('loop', true);

    act(() => vi.advanceTimersByTime(3000));
    expect(label()).toHaveTextContent('Product Video');
    expect(screen.getByLabelText('Product video')).toHaveProperty('loop', true);
    act(() => vi.advanceTimersByTime(5000));
    expect(label()).toHaveTextContent('Product Video');
    act(() => vi.advanceTimersByTime(2000));
    expect(label()).toHaveTextContent('UGC Media');
  });
});
