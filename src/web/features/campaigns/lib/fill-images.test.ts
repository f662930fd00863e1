import { describe, expect, it } from 'vitest';
import { fillMissingImages, needsImages } from './fill-images';
import { planCaption, planSlides } from './plan-answer';

describe('filling a plan with images (docs/product/campaigns.md rule 3)', () => {
  it('knows which carousel items still need images', () => {
    const plan = (slides: { text: string; imageUrl?: string }[]) => ({ slides });
    expect(needsImages({ type: 'carousel', carouselPlan: plan([{ text: 'a' }]) })).toBe(true);
    expect(
      needsImages({ type: 'carousel', carouselPlan: plan([{ text: 'a', imageUrl: '/x' }]) }),
    ).toBe(false);
    expect(needsImages({ type: 'carousel', carouselPlan: null })).toBe(false);
    expect(needsImages({ type: 'video', carouselPlan: plan([{ text: 'a' }]) })).toBe(false);
  });

  it('fills only the slides without an image, cycling through the shuffled images', () => {
    const slides = [
      { text: '1' },
      { text: '2', imageUrl: '/product.jpg' },
      { text: '3' },
      { text: '4' },
    ];
    const out = fillMissingImages(slides, ['/a', '/b'], () => 0);
    expect(out[1]).toEqual({ text: '2', imageUrl: '/product.jpg' });
    const filled = [out[0]!.imageUrl, out[2]!.imageUrl, out[3]!.imageUrl];
    expect(filled[0]).not.toBe(filled[1]);
    expect(filled[2]).toBe(filled[0]);
    expect(new Set(filled)).toEqual(new Set(['/a', '/b']));
    expect(fillMissingImages(slides, [])).toEqual(slides);
  });

  it('reads a plan answer in every shape docs/product/carousels.md rule 2 allows', () => {
    expect(planSlides({ slides: ['One', { content: 'Two' }, { text: '  ' }] })).toEqual([
      { text: 'One' },
      { text: 'Two' },
    ]);
    expect(planSlides({ data: { slides: [{ title: 'T', imageUrl: '/p.jpg' }] } })).toEqual([
      { text: 'T', imageUrl: '/p.jpg' },
    ]);
    expect(planSlides(null)).toEqual([]);
    expect(planCaption({ caption: 'C', hashtags: ['a', 3, ''], collection: ' k ' })).toEqual({
      caption: 'C',
      hashtags: ['a'],
      collection: 'k',
    });
  });
});
