import { describe, expect, it } from 'vitest';
import { keepImages } from './keep-images';

const image = (name: string) => new File(['x'], name, { type: 'image/png' });
const text = (name: string) => new File(['x'], name, { type: 'text/plain' });

describe('keepImages', () => {
  it('keeps image files only', () => {
    const a = image('a.png');
    const kept = keepImages([], [a, text('notes.txt')]);
    expect(kept.files).toEqual([a]);
    expect(kept.skipped).toBe(1);
  });

  it('keeps only the types the server stores: JPEG, PNG, GIF and WebP', () => {
    const kept = keepImages(
      [],
      [
        new File(['x'], 'a.jpg', { type: 'image/jpeg' }),
        new File(['x'], 'b.gif', { type: 'image/gif' }),
        new File(['x'], 'c.webp', { type: 'image/webp' }),
        new File(['x'], 'phone.heic', { type: 'image/heic' }),
        new File(['x'], 'logo.svg', { type: 'image/svg+xml' }),
        new File(['x'], 'scan.bmp', { type: 'image/bmp' }),
      ],
    );
    expect(kept.files.map((f) => f.name)).toEqual(['a.jpg', 'b.gif', 'c.webp']);
    expect(kept.skipped).toBe(3);
  });

  it('keeps the first 5 in all, earlier choices first', () => {
    const earlier = [image('1.png'), image('2.png')];
    const chosen = ['3', '4', '5', '6', '7'].map((n) => image(`${n}.png`));
    const kept = keepImages(earlier, chosen);
    expect(kept.files.map((f) => f.name)).toEqual(['1.png', '2.png', '3.png', '4.png', '5.png']);
    expect(kept.skipped).toBe(2);
  });

  it('adds nothing once 5 are chosen', () => {
    const five = ['1', '2', '3', '4', '5'].map((n) => image(`${n}.png`));
    const kept = keepImages(five, [image('6.png')]);
    expect(kept.files).toEqual(five);
    expect(kept.skipped).toBe(1);
  });
});
