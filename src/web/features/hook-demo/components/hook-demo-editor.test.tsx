import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { productFixture } from '@/testing/fixtures';
import { rememberHook } from '@/lib/hooks/hook-history';
import {
  api,
  draftPatches,
  editorOpen,
  fakeVideoMetadata,
  fetchStub,
  renderEditor,
  serumHooks,
  setUpHookDemoEditor,
  toast,
  userVideo,
  videoDraft,
} from './hook-demo-editor.harness';

setUpHookDemoEditor();

const savedDraft = () =>
  videoDraft({
    productId: 'p1',
    hook: serumHooks[3]!,
    assets: {
      selectedCharacter: '/media/characters/pm2.mp4',
      selectedCharacterId: 'pm2',
      productVideos: [userVideo(2).path],
      ugcMediaType: 'premade',
      textFontScale: 1.5,
      textYOffset: -0.1,
      templateId: 't9',
    },
  });

describe(
  'Hook + Demo editor: opening, hooks, characters and auto-save',
  { timeout: 15_000 },
  () => {
    it('opens a saved draft as it was left', async () => {
      api.draft = savedDraft();
      renderEditor();
      await editorOpen();
      expect(screen.getByRole('heading', { name: 'Hook + Demo', level: 1 })).toBeVisible();
      expect(screen.getByRole('link', { name: 'Tools' })).toHaveAttribute('href', '/create');
      expect(screen.getByRole('link', { name: 'Prefer photos?' })).toHaveAttribute(
        'href',
        '/create',
      );
      expect(screen.getByLabelText('Hook text')).toHaveValue(serumHooks[3]);
      expect(screen.getByText('This text will appear as overlay on your video')).toBeVisible();
      await waitFor(() => expect(screen.getByLabelText('Product')).toHaveValue('p1'));
      // The product's hooks are behind the arrows, the saved one counted in place.
      expect(screen.getByText('4/20')).toBeVisible();
      expect(await screen.findByRole('button', { name: 'Character 2' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(screen.getByText('8/10')).toBeVisible();
      expect(screen.getByRole('radio', { name: 'Pre-made AI Characters' })).toBeChecked();
      expect(screen.getByText('1/1 video uploaded')).toBeVisible();
      // The saved path plays from My Videos' signed URL.
      const chosen = within(screen.getByRole('list', { name: 'Your product video' }));
      await waitFor(() =>
        expect(chosen.getByLabelText('Chosen product video')).toHaveAttribute(
          'src',
          '/files/v2.mp4?sig=1',
        ),
      );
      const size = screen.getByRole('slider', { name: 'Text size' });
      expect(size).toHaveAttribute('aria-valuenow', '1.5');
      expect(size).toHaveAttribute('aria-valuemin', '0.5');
      expect(size).toHaveAttribute('aria-valuemax', '2');
      const position = screen.getByRole('slider', { name: 'Vertical position' });
      expect(position).toHaveAttribute('aria-valuetext', '-10%');
      // The UGC part plays first, with its corner label and the hook over it.
      expect(screen.getByLabelText('UGC character clip')).toHaveAttribute(
        'src',
        '/media/characters/pm2.mp4',
      );
      expect(screen.getByText('UGC Media', { selector: 'span' })).toBeVisible();
      // Nothing changed, nothing saved.
      await new Promise((r) => setTimeout(r, 700));
      expect(draftPatches()).toEqual([]);
    });

    it('choosing a product fills its first suitable hook; the arrows cycle; changes save in 600 ms', async () => {
      const u = userEvent.setup();
      api.products = [
        productFixture({
          description: 'A vitamin C serum for dull skin',
          aiBrief: {
            hooks: ['Not kidding, Glow Serum works', ...serumHooks],
            hooksSeeds: [],
            voice: '',
            hashtags: [],
          },
        }),
      ];
      api.draft = videoDraft({
        assets: {
          templateId: 't9',
          selectedCharacter: '/media/characters/pm1.mp4',
          selectedCharacterId: 'pm1',
        },
      });
      renderEditor();
      await editorOpen();
      await screen.findByRole('option', { name: 'Glow Serum' });
      await u.selectOptions(screen.getByLabelText('Product'), 'p1');
      expect(screen.getByLabelText('Hook text')).toHaveValue(serumHooks[0]);
      expect(screen.getByText('2/21')).toBeVisible();
      await u.click(screen.getByRole('button', { name: 'Next hook' }));
      expect(screen.getByLabelText('Hook text')).toHaveValue(serumHooks[1]);
      expect(screen.getByText('3/21')).toBeVisible();
      await u.click(screen.getByRole('button', { name: 'Previous hook' }));
      await u.click(screen.getByRole('button', { name: 'Previous hook' }));
      expect(screen.getByLabelText('Hook text')).toHaveValue('Not kidding, Glow Serum works');
      await u.click(screen.getByRole('button', { name: 'Previous hook' }));
      expect(screen.getByText('21/21')).toBeVisible();

      // Quick hands save once; a slow machine may save a step in between, never a wrong one.
      const last = {
        type: 'video',
        productId: 'p1',
        hook: serumHooks[19],
        assets: {
          templateId: 't9',
          selectedCharacter: '/media/characters/pm1.mp4',
          selectedCharacterId: 'pm1',
          productVideos: [],
          productVideoFit: 'blur',
          ugcMediaType: 'premade',
          textFontScale: 1,
          textYOffset: 0,
          ugcDurationSec: 5,
          productDurationSec: 5,
          endCard: null,
          hookStyle: 'outline',
          hookVoice: false,
        },
      };
      await waitFor(() => expect(draftPatches().at(-1)).toEqual(last), { timeout: 3000 });
      expect(await screen.findByText('All changes saved')).toBeVisible();
    });

    it('re-analyses a product with too few hooks and offers the fresh ones', async () => {
      const u = userEvent.setup();
      api.products = [
        productFixture({
          description: 'A vitamin C serum for dull skin',
          aiBrief: { hooks: serumHooks.slice(0, 5), hooksSeeds: [], voice: '', hashtags: [] },
        }),
      ];
      const fresh = serumHooks.map((h) => `${h}!`);
      api.analyzed = { hooks: fresh, hooksSeeds: [], voice: '', hashtags: [] };
      renderEditor();
      await editorOpen();
      await screen.findByRole('option', { name: 'Glow Serum' });
      await u.selectOptions(screen.getByLabelText('Product'), 'p1');
      await waitFor(() => expect(screen.getByLabelText('Hook text')).toHaveValue(fresh[0]));
      expect(screen.getByText('1/20')).toBeVisible();
      expect(fetchStub.calls('/api/products/p1/analyze')).toEqual([
        { method: 'POST', body: { force: true } },
      ]);
    });

    it('Regenerate with AI excludes the hook shown and the last 30 used, and takes the new one', async () => {
      const u = userEvent.setup();
      for (let i = 1; i <= 35; i++) rememberHook('p1', `Old hook ${i}`);
      api.draft = savedDraft();
      renderEditor();
      await editorOpen();
      const regenerate = screen.getByRole('button', { name: 'Regenerate with AI' });
      await waitFor(() => expect(regenerate).toBeEnabled());
      await u.click(regenerate);
      await waitFor(() =>
        expect(screen.getByLabelText('Hook text')).toHaveValue('Fresh AI hook about Glow Serum'),
      );
      const [call] = fetchStub.calls('/api/ai/generate-video-hook');
      const body = call!.body as {
        productId: string;
        constraints: { maxChars: number; exclude: string[] };
      };
      expect(body.productId).toBe('p1');
      expect(body.constraints.maxChars).toBe(120);
      // The hook on screen, then the product's last 30 used ones.
      expect(body.constraints.exclude).toHaveLength(31);
      expect(body.constraints.exclude[0]).toBe(serumHooks[3]);
      expect(body.constraints.exclude[1]).toBe('Old hook 35');
      expect(body.constraints.exclude[30]).toBe('Old hook 6');
      expect(screen.getByText('1/1')).toBeVisible();

      api.hook = { status: 502, body: null };
      await u.click(regenerate);
      await toast('AI Hook failed', 'The AI is busy');
    });

    it('Regenerate with AI waits for a product; no products links to onboarding', async () => {
      api.products = [];
      renderEditor();
      await editorOpen();
      expect(screen.getByRole('button', { name: 'Regenerate with AI' })).toBeDisabled();
      expect(await screen.findByRole('link', { name: 'Create product' })).toHaveAttribute(
        'href',
        '/onboarding',
      );
    });

    it('picks a random pre-made character when none is chosen; pressing it again deselects', async () => {
      const u = userEvent.setup();
      renderEditor();
      await editorOpen();
      const grid = await screen.findAllByRole(
        'button',
        { name: /^Character \d+$/ },
        { timeout: 5000 },
      );
      expect(grid).toHaveLength(8);
      await waitFor(
        () =>
          expect(
            screen.getAllByRole('button', { name: /^Character \d+$/, pressed: true }),
          ).toHaveLength(1),
        { timeout: 3000 },
      );
      const picked = screen.getByRole('button', { name: /^Character \d+$/, pressed: true });
      await u.click(picked);
      expect(screen.queryByRole('button', { name: /^Character \d+$/, pressed: true })).toBeNull();
      expect(screen.getByText('Your demo will appear here')).toBeVisible();

      await u.click(screen.getByRole('button', { name: 'Browse More characters' }));
      const dialog = await screen.findByRole('dialog', { name: 'Select a Pre‑made Character' });
      await u.click(within(dialog).getByRole('button', { name: 'Character 10' }));
      expect(within(dialog).getByRole('button', { name: 'Character 10' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await u.click(within(dialog).getByRole('button', { name: 'Done' }));
      await waitFor(
        () =>
          expect(draftPatches().at(-1)).toMatchObject({
            assets: {
              selectedCharacter: '/media/characters/pm10.mp4',
              selectedCharacterId: 'pm10',
            },
          }),
        { timeout: 3000 },
      );
    });

    it('says so when there are no pre-made characters', async () => {
      api.premade = [];
      renderEditor();
      await editorOpen();
      expect(await screen.findByText('No pre-made characters available')).toBeVisible();
      expect(screen.getByText('Upload characters to get started')).toBeVisible();
    });

    it('takes the seller’s own creator clip, lists it with the characters and uses it', async () => {
      const u = userEvent.setup();
      fakeVideoMetadata(6);
      api.draft = videoDraft({ assets: { ugcMediaType: 'custom' } });
      renderEditor();
      await editorOpen();
      const clip = new File(['x'], 'me-talking.mp4', { type: 'video/mp4' });
      await u.upload(await screen.findByLabelText('Your own creator clip'), clip);
      await toast('Clip added', 'me-talking is in your library.');
      expect(fetchStub.calls('/api/characters/upload')).toHaveLength(1);
      expect(await screen.findByRole('button', { name: 'me-talking' })).toBeVisible();
      expect(screen.getByLabelText('UGC character clip')).toHaveAttribute(
        'src',
        '/media/characters/g1.mp4?k=cap',
      );
      await waitFor(
        () =>
          expect(draftPatches().at(-1)).toMatchObject({
            assets: {
              selectedCharacter: '/media/characters/g1.mp4?k=cap',
              selectedCharacterId: 'clip1',
            },
          }),
        { timeout: 3000 },
      );
    });

    it('custom offers the characters of the user library', async () => {
      const u = userEvent.setup();
      api.library = [
        {
          id: 'ch1',
          userId: 'u1',
          name: 'Mia',
          description: 'Runner',
          imageUrl: '/media/characters/u/ch1.jpg',
          stylePreset: 'casual',
          characterId: null,
          metadata: {},
          clipUrl: null,
          faceBox: null,
          createdAt: '2025-03-04T15:30:00.000Z',
        },
      ];
      api.draft = videoDraft({ assets: { ugcMediaType: 'custom' } });
      renderEditor();
      await editorOpen();
      expect(screen.getByRole('radio', { name: 'Generate Custom AI Character' })).toBeChecked();
      expect(screen.getByText(/Coming soon/)).toBeVisible();
      await u.click(await screen.findByRole('button', { name: 'Mia' }));
      expect(screen.getByRole('img', { name: 'UGC character' })).toHaveAttribute(
        'src',
        '/media/characters/u/ch1.jpg',
      );
      await u.click(screen.getByRole('radio', { name: 'Pre-made AI Characters' }));
      await waitFor(
        () =>
          expect(draftPatches().at(-1)).toMatchObject({
            assets: {
              ugcMediaType: 'premade',
              selectedCharacter: '/media/characters/u/ch1.jpg',
              selectedCharacterId: 'ch1',
            },
          }),
        { timeout: 3000 },
      );
    });

    it('a draft made from a campaign item saves back to the item too', async () => {
      const u = userEvent.setup();
      api.draft = videoDraft({
        productId: 'p1',
        hook: 'From the campaign',
        originItemId: 'item-1',
        assets: {
          originCampaignItemId: 'item-1',
          selectedCharacter: '/media/characters/pm1.mp4',
          selectedCharacterId: 'pm1',
        },
      });
      renderEditor();
      await editorOpen();
      await u.type(screen.getByLabelText('Hook text'), '!');
      const itemPatches = () =>
        fetchStub.calls('/api/campaigns/camp-1/items/item-1').filter((c) => c.method === 'PATCH');
      await waitFor(() => expect(itemPatches()).toHaveLength(1), { timeout: 3000 });
      expect(itemPatches()[0]!.body).toEqual({
        hook: 'From the campaign!',
        productId: 'p1',
        assets: {
          selectedCharacter: '/media/characters/pm1.mp4',
          selectedCharacterId: 'pm1',
          productVideos: [],
          productVideoFit: 'blur',
          ugcMediaType: 'premade',
          textFontScale: 1,
          textYOffset: 0,
          ugcDurationSec: 5,
          productDurationSec: 5,
          endCard: null,
          hookStyle: 'outline',
          hookVoice: false,
        },
      });
      expect(draftPatches()).toHaveLength(1);
      expect(
        (draftPatches()[0] as { assets: Record<string, unknown> }).assets.originCampaignItemId,
      ).toBe('item-1');
    });
  },
);
