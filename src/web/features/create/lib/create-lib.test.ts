import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDraftSearch, parseCreateSearch } from './create-search';
import { draftSlideImages, draftTitle, formatDraftDate, isVideoUrl } from './draft-title';
import { dispatchRemoveDraft, onRemoveDraft, REMOVE_DRAFT_EVENT } from './remove-draft-event';

const parse = (q: string) => parseCreateSearch(new URLSearchParams(q));

describe('parseCreateSearch', () => {
  it('reads type, draftId, return and auto', () => {
    expect(parse('type=carousel&draftId=d1&return=%2Fcampaigns&auto=video')).toEqual({
      type: 'carousel',
      draftId: 'd1',
      return: '/campaigns',
      auto: 'video',
      draftItem: undefined,
    });
  });
  it('ignores invalid values instead of failing', () => {
    expect(parse('type=reel&auto=carousel&draftId=')).toEqual({
      type: undefined,
      draftId: undefined,
      return: undefined,
      auto: undefined,
      draftItem: undefined,
    });
  });
  it('only follows return paths inside the app', () => {
    expect(parse('return=%2Fcampaigns%3FopenTab%3Dlist').return).toBe('/campaigns?openTab=list');
    expect(parse('return=https%3A%2F%2Fevil.example').return).toBeUndefined();
    expect(parse('return=%2F%2Fevil.example').return).toBeUndefined();
    expect(parse('return=%2F%5Cevil.example').return).toBeUndefined();
    expect(parse('return=javascript%3Aalert(1)').return).toBeUndefined();
  });
  it('builds the search that opens a draft, keeping return', () => {
    expect(openDraftSearch({ id: 'd1', type: 'carousel' }).toString()).toBe(
      'type=carousel&draftId=d1',
    );
    expect(openDraftSearch({ id: 'd1', type: 'video' }, '/campaigns').toString()).toBe(
      'type=video&draftId=d1&return=%2Fcampaigns',
    );
  });
});

describe('draftTitle', () => {
  const base = { caption: null, slides: [], hook: null };
  it('prefers the caption, then the first slide text, then the hook, then "Untitled"', () => {
    expect(draftTitle({ caption: 'Caption', slides: [{ text: 'First' }], hook: 'Hook' })).toBe(
      'Caption',
    );
    expect(draftTitle({ caption: '  ', slides: [{ text: 'First' }], hook: 'Hook' })).toBe('First');
    expect(draftTitle({ ...base, slides: [{ text: ' ' }], hook: 'Hook' })).toBe('Hook');
    expect(draftTitle(base)).toBe('Untitled');
  });
});

describe('thumbnail helpers', () => {
  it('lists the slide images in order, skipping slides without one', () => {
    expect(
      draftSlideImages({
        slides: [
          { text: 'a', imageUrl: '/1.jpg' },
          { text: 'b' },
          { text: 'c', imageUrl: '/3.jpg' },
        ],
      }),
    ).toEqual(['/1.jpg', '/3.jpg']);
  });
  it('tells character clips from images', () => {
    expect(isVideoUrl('/files/c.mp4')).toBe(true);
    expect(isVideoUrl('/files/c.webm?sig=1')).toBe(true);
    expect(isVideoUrl('/files/c.png')).toBe(false);
  });
  it('formats updatedAt as a local date-time and keeps odd values', () => {
    expect(formatDraftDate('2025-03-04T15:30:00.000Z', 'en-US')).toMatch(
      /Mar 4, 2025|Mar 4, 2025,/,
    );
    expect(formatDraftDate('not a date')).toBe('not a date');
  });
});

describe('remove-draft event', () => {
  afterEach(() => vi.restoreAllMocks());
  it('delivers well-formed events and ignores the rest', () => {
    const seen = vi.fn();
    const off = onRemoveDraft(seen);
    dispatchRemoveDraft({ draftId: 'd1', reason: 'published_to_tiktok' });
    window.dispatchEvent(new CustomEvent(REMOVE_DRAFT_EVENT, { detail: { nope: true } }));
    window.dispatchEvent(new CustomEvent(REMOVE_DRAFT_EVENT, { detail: { draftId: 'd2' } }));
    off();
    dispatchRemoveDraft({ draftId: 'd3' });
    expect(seen.mock.calls).toEqual([
      [{ draftId: 'd1', reason: 'published_to_tiktok' }],
      [{ draftId: 'd2' }],
    ]);
  });
});
