import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
});
