import { describe, expect, it } from 'vitest';
import {
  applyPlanTexts,
  assignImagesCyclically,
  captionWithHashtags,
  defaultSlide,
  editorStateFromDraft,
  moveSlide,
  nextSlideId,
  planSlidePhotos,
  planSlideTexts,
  withPlanPhotos,
  requestedSlideCount,
  shuffle,
  toDraftPatch,
  withUniqueIds,
} from './slides';
import type { Slide } from './slides';

const slides = (n: number): Slide[] =>
  Array.from({ length: n }, (_, i) => ({ id: String(i + 1), text: `Slide ${i + 1}` }));

/** A seeded generator, so a shuffle is reproducible. */
const seeded = (seed: number) => () => {
  seed = (seed * 16807) % 2147483647;
  return (seed - 1) / 2147483646;
};

describe('requestedSlideCount', () => {
  it('clamps the current slide count to 3–8', () => {
    expect(requestedSlideCount(slides(1))).toBe(3);
    expect(requestedSlideCount(slides(3))).toBe(3);
    expect(requestedSlideCount(slides(5))).toBe(5);
    expect(requestedSlideCount(slides(8))).toBe(8);
    expect(requestedSlideCount(slides(12))).toBe(8);
  });
  it('defaults to 6 when there is no slide list', () => {
    expect(requestedSlideCount(undefined)).toBe(6);
  });
});

describe('shuffle and cyclic assignment', () => {
  it('shuffles without losing or repeating an item', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f'];
    const out = shuffle(items, seeded(7));
    expect([...out].sort()).toEqual(items);
    expect(out).not.toEqual(items);
    expect(items).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('gives every slide an image, cycling through the shuffled images in order', () => {
    const images = ['i1', 'i2', 'i3'];
    const random = seeded(42);
    const order = shuffle(images, seeded(42));
    const out = assignImagesCyclically(slides(7), images, random);
    expect(out.map((s) => s.imageUrl)).toEqual([
      order[0],
      order[1],
      order[2],
      order[0],
      order[1],
      order[2],
      order[0],
    ]);
    expect(out.map((s) => s.text)).toEqual(slides(7).map((s) => s.text));
  });

  it('uses each image at most once when there are enough', () => {
    const out = assignImagesCyclically(slides(4), ['a', 'b', 'c', 'd', 'e', 'f']);
    expect(new Set(out.map((s) => s.imageUrl)).size).toBe(4);
  });

  it('leaves the slides alone when the collection is empty', () => {
    const input = [{ id: '1', text: 'x', imageUrl: 'keep.jpg' }];
    expect(assignImagesCyclically(input, [])).toEqual(input);
  });
});

describe('planSlideTexts', () => {
  it('reads strings and objects with text/content/body/title, from slides or data.slides', () => {
    expect(planSlideTexts({ slides: ['One', { text: 'Two' }, { content: 'Three' }] })).toEqual([
      'One',
      'Two',
      'Three',
    ]);
    expect(planSlideTexts({ data: { slides: [{ body: 'B' }, { title: 'T' }] } })).toEqual([
      'B',
      'T',
    ]);
  });
  it('drops blank texts, keeps at most 8 and survives odd answers', () => {
    expect(planSlideTexts({ slides: ['  ', '', { text: ' ok ' }, 3, null] })).toEqual(['ok']);
    expect(planSlideTexts({ slides: Array.from({ length: 10 }, (_, i) => `s${i}`) })).toHaveLength(
      8,
    );
    expect(planSlideTexts(null)).toEqual([]);
    expect(planSlideTexts({ slides: 'nope' })).toEqual([]);
  });
});

describe('planSlidePhotos and withPlanPhotos', () => {
  it("puts the plan's product photos over the collection images, slide by slide", () => {
    const answer = {
      slides: [
        { text: 'Hook' },
        { text: '' },
        { text: 'Meet it', imageUrl: '/files/p1.jpg' },
        'Plain string slide',
        { text: 'Link in bio', imageUrl: '/files/p2.jpg' },
      ],
    };
    const photos = planSlidePhotos(answer);
    expect(photos).toEqual([undefined, '/files/p1.jpg', undefined, '/files/p2.jpg']);
    const slides: Slide[] = ['a', 'b', 'c', 'd'].map((id) => ({
      id,
      text: id,
      imageUrl: `/media/carousel/${id}.jpg`,
    }));
    expect(withPlanPhotos(slides, photos).map((s) => s.imageUrl)).toEqual([
      '/media/carousel/a.jpg',
      '/files/p1.jpg',
      '/media/carousel/c.jpg',
      '/files/p2.jpg',
    ]);
    expect(planSlidePhotos(null)).toEqual([]);
  });
});

describe('applyPlanTexts', () => {
  it('keeps ids and images where a slide existed, adds the rest', () => {
    const out = applyPlanTexts([{ id: '1', text: 'Slide 1', imageUrl: 'a.jpg' }], ['A', 'B', 'C']);
    expect(out).toEqual([
      { id: '1', text: 'A', imageUrl: 'a.jpg' },
      { id: '2', text: 'B' },
      { id: '3', text: 'C' },
    ]);
  });
  it('ids stay unique when the old list had gaps', () => {
    const out = withUniqueIds(applyPlanTexts([{ id: '3', text: 'x' }], ['A', 'B', 'C']));
    expect(new Set(out.map((s) => s.id)).size).toBe(3);
  });
});

describe('slide helpers', () => {
  it('the default slide is id "1", "Slide 1"', () => {
    expect(defaultSlide('/img.jpg')).toEqual({ id: '1', text: 'Slide 1', imageUrl: '/img.jpg' });
    expect(defaultSlide()).toEqual({ id: '1', text: 'Slide 1' });
  });
  it('nextSlideId is one above the highest id', () => {
    expect(
      nextSlideId([
        { id: '1', text: '' },
        { id: '4', text: '' },
      ]),
    ).toBe('5');
    expect(nextSlideId([])).toBe('1');
  });
});

describe('captionWithHashtags', () => {
  it('appends the hashtags a seller posts, without repeating any already in the caption', () => {
    expect(
      captionWithHashtags('Glow up ✨ #skincare', ['skincare', '#GlowSerum', 'vitamin c']),
    ).toBe('Glow up ✨ #skincare\n\n#GlowSerum #vitaminc');
    expect(captionWithHashtags('Hi', [])).toBe('Hi');
    expect(captionWithHashtags('', ['a'])).toBe('#a');
  });
});

describe('draft round trip', () => {
  it('saves slides with text only, with product, caption and hashtags', () => {
    const patch = toDraftPatch({
      slides: [
        { id: '1', text: 'Hook', imageUrl: '/a.jpg' },
        { id: '2', text: '   ', imageUrl: '/b.jpg' },
        { id: '3', text: 'CTA' },
      ],
      productId: 'p1',
      description: 'Caption',
      hashtags: ['#a'],
    });
    expect(patch).toEqual({
      carouselPlan: { slides: [{ text: 'Hook', imageUrl: '/a.jpg' }, { text: 'CTA' }] },
      caption: 'Caption',
      productId: 'p1',
      hashtags: ['#a'],
    });
    expect(
      toDraftPatch({ slides: [], productId: '', description: '', hashtags: [] }),
    ).toMatchObject({ productId: null });
  });

  it('restores what was saved, and nothing for an empty draft', () => {
    expect(
      editorStateFromDraft({
        carouselPlan: { slides: [{ text: 'Hook', imageUrl: '/a.jpg' }, { text: 'CTA' }] },
        caption: 'Caption',
        productId: 'p1',
        hashtags: [],
      }),
    ).toEqual({
      slides: [
        { id: '1', text: 'Hook', imageUrl: '/a.jpg' },
        { id: '2', text: 'CTA' },
      ],
      productId: 'p1',
      description: 'Caption',
      hashtags: [],
    });
    expect(
      editorStateFromDraft({ carouselPlan: null, caption: null, productId: null, hashtags: [] }),
    ).toBeNull();
  });
});

describe('moveSlide', () => {
  const ids = (list: Slide[]) => list.map((s) => s.id).join('');
  it('moves a slide forward and back, keeping every slide once', () => {
    expect(ids(moveSlide(slides(4), '1', '3'))).toBe('2314');
    expect(ids(moveSlide(slides(4), '4', '1'))).toBe('4123');
  });
  it('changes nothing for the same place or an unknown id', () => {
    expect(ids(moveSlide(slides(3), '2', '2'))).toBe('123');
    expect(ids(moveSlide(slides(3), '9', '1'))).toBe('123');
  });
});
