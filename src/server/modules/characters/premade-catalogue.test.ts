import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { PREMADE_CHARACTER_COUNT, ZPremadeCharacterListResponse } from '#contract/characters';
import { paintFigure } from '../../media/characters/portrait/paint-figure';
import { placementFor } from '../../media/characters/portrait/paint-portrait';
import {
  listPremadeCharacters,
  PREMADE_CHARACTERS,
  premadeFaceBox,
  premadeFaceBoxOfUrl,
} from './index';

describe('listPremadeCharacters', () => {
  it('lists the 10 pre-made characters as video clips at stable /media/characters URLs', () => {
    const files = listPremadeCharacters();
    expect(ZPremadeCharacterListResponse.parse({ files }).files).toHaveLength(
      PREMADE_CHARACTER_COUNT,
    );
    expect(new Set(files.map((f) => f.id)).size).toBe(PREMADE_CHARACTER_COUNT);
    expect(new Set(files.map((f) => f.name)).size).toBe(PREMADE_CHARACTER_COUNT);
    for (const f of files) {
      expect(f.kind).toBe('video');
      expect(f.url).toBe(`/media/characters/premade/${f.id}.mp4`);
      expect(f.thumbnailUrl).toBe(`/media/characters/premade/${f.id}.jpg`);
      expect(f.faceBox).toEqual(premadeFaceBox(f.id));
    }
    expect(premadeFaceBox('nobody')).toBeNull();
    expect(premadeFaceBoxOfUrl('/media/characters/premade/maya.mp4')).toEqual(
      premadeFaceBox('maya'),
    );
    expect(premadeFaceBoxOfUrl('http://localhost:3000/media/characters/premade/leo.jpg')).toEqual(
      premadeFaceBox('leo'),
    );
    expect(premadeFaceBoxOfUrl('/media/characters/0b59.mp4?k=x')).toBeNull();
  });

  it('cover a range of ages, places and held objects', () => {
    const looks = PREMADE_CHARACTERS.map((c) => c.look);
    expect(new Set(looks.map((l) => l.age)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(looks.map((l) => l.setting)).size).toBe(PREMADE_CHARACTER_COUNT);
    expect(new Set(looks.flatMap((l) => (l.held ? [l.held.kind] : []))).size).toBeGreaterThan(6);
  });

  it('give a face box that holds the face through the clip’s sway, breath and push-in', () => {
    const w = 270;
    const h = 480;
    for (const c of PREMADE_CHARACTERS) {
      const box = premadeFaceBox(c.id)!;
      // The head alone (face, ears, hairline, cap, beard): big hair may reach past the box.
      const look = { ...c.look, hairStyle: 'buzz' as const };
      for (const tilt of [-0.028, 0.028]) {
        const canvas = createCanvas(w, h);
        const ctx = canvas.getContext('2d');
        ctx.translate(w / 2, h * 0.4);
        ctx.scale(1.03, 1.03);
        ctx.translate(-w / 2, -h * 0.4);
        paintFigure(ctx, placementFor(w, h, 'iphone'), look, { blink: 0, tilt, breathe: 1 }, [
          'head',
        ]);
        const alpha = canvas.getContext('2d').getImageData(0, 0, w, h).data;
        let [x0, y0, x1, y1] = [w, h, 0, 0];
        for (let y = 0; y < h; y++) {
          for (let x = 0; x < w; x++) {
            if (alpha[(y * w + x) * 4 + 3]! > 16) {
              x0 = Math.min(x0, x);
              y0 = Math.min(y0, y);
              x1 = Math.max(x1, x);
              y1 = Math.max(y1, y);
            }
          }
        }
        expect(x0 / w, c.id).toBeGreaterThanOrEqual(box.left);
        expect(y0 / h, c.id).toBeGreaterThanOrEqual(box.top);
        expect((x1 + 1) / w, c.id).toBeLessThanOrEqual(box.right);
        expect((y1 + 1) / h, c.id).toBeLessThanOrEqual(box.bottom);
        // Not a box of the whole frame: the head takes about half its width.
        expect(box.right - box.left).toBeLessThan(0.7);
        expect(box.bottom - box.top).toBeLessThan(0.5);
      }
    }
  });
});
