import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TCharacterStylePreset } from '#contract/characters';
import { drawPortrait } from '../../media/characters/portrait/paint-portrait';
import { createLocalImageGenerator } from './local-image-generator';
import { readPrompt } from './look-from-prompt';

/**
 * The local painter follows the description: a description that differs only in the place,
 * the clothes or the held object gives a picture that differs there and stays the same person.
 * Regions are fractions of the square (the head is centred a little above the middle, the body
 * below it, a held object right of the chest).
 */
type Region = { x0: number; y0: number; x1: number; y1: number };
const SCENE: Region = { x0: 0, y0: 0, x1: 0.2, y1: 0.5 };
const FACE: Region = { x0: 0.4, y0: 0.36, x1: 0.6, y1: 0.52 };
const TORSO: Region = { x0: 0.4, y0: 0.88, x1: 0.6, y1: 1 };
const HELD: Region = { x0: 0.69, y0: 0.7, x1: 0.81, y1: 0.84 };

const SIZE = 128;
const pixels = async (image: Buffer) =>
  sharp(image).resize(SIZE, SIZE).removeAlpha().raw().toBuffer();

/** Mean absolute difference per channel (0…255) of two pictures inside a region. */
const difference = (a: Buffer, b: Buffer, r: Region) => {
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(r.y0 * SIZE); y < Math.ceil(r.y1 * SIZE); y++) {
    for (let x = Math.floor(r.x0 * SIZE); x < Math.ceil(r.x1 * SIZE); x++) {
      for (let c = 0; c < 3; c++) {
        const i = (y * SIZE + x) * 3 + c;
        sum += Math.abs(a[i]! - b[i]!);
        n++;
      }
    }
  }
  return sum / n;
};

const paint = async (prompt: string, style: TCharacterStylePreset = 'iphone') =>
  pixels((await createLocalImageGenerator().generate({ prompt, style, size: 256 })).body);

const BASE = 'woman with curly hair in a denim apron, standing in a bright kitchen holding a lime';

describe('the local character painter', () => {
  it('paints the place the description names, the same person in front of it', async () => {
    const kitchen = await paint(BASE);
    const gym = await paint(BASE.replace('kitchen', 'gym'));
    const street = await paint(BASE.replace('kitchen', 'street'));
    expect(difference(kitchen, gym, SCENE)).toBeGreaterThan(25);
    expect(difference(kitchen, street, SCENE)).toBeGreaterThan(25);
    expect(difference(kitchen, gym, FACE)).toBeLessThan(4);
    expect(difference(kitchen, gym, TORSO)).toBeLessThan(6);
  });

  it('paints the clothes and their colour', async () => {
    const apron = await paint(BASE);
    const hoodie = await paint(BASE.replace('denim apron', 'red hoodie'));
    expect(difference(apron, hoodie, TORSO)).toBeGreaterThan(40);
    expect(difference(apron, hoodie, FACE)).toBeLessThan(4);
    expect(difference(apron, hoodie, SCENE)).toBeLessThan(4);
  });

  it('paints the object held up, and none when none is named', async () => {
    const lime = await paint(BASE);
    const phone = await paint(BASE.replace('a lime', 'a phone'));
    const none = await paint(BASE.replace(' holding a lime', ''));
    expect(difference(lime, phone, HELD)).toBeGreaterThan(25);
    expect(difference(lime, none, HELD)).toBeGreaterThan(25);
    expect(difference(lime, phone, FACE)).toBeLessThan(4);
    expect(difference(lime, phone, SCENE)).toBeLessThan(4);
  });

  it('lights the person, not only the scene, differently in each style preset', async () => {
    const { look } = readPrompt(BASE, 'iphone');
    const styles: TCharacterStylePreset[] = [
      'iphone',
      'professional',
      'casual',
      'fashion',
      'tokyo',
      'selfie',
    ];
    const images = await Promise.all(
      styles.map(async (style) =>
        pixels(await drawPortrait({ look, style, seed: 'same' }, 256, 256).encode('png')),
      ),
    );
    for (let i = 1; i < images.length; i++) {
      expect(difference(images[0]!, images[i]!, SCENE), styles[i]).toBeGreaterThan(6);
      expect(difference(images[0]!, images[i]!, FACE), styles[i]).toBeGreaterThan(2);
    }
  });
});
