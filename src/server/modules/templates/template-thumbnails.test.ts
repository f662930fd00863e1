import sharp from 'sharp';
import { TIKTOK_SAFE_ZONE } from '#contract/hook-demo';
import { describe, expect, it } from 'vitest';
import type { TTemplateCharacter } from '#contract/templates';
import { createTemplateThumbnails } from './template-thumbnails';

/** A flat mid-grey portrait: whatever is near white or near black on it is the overlay. */
const portrait = () =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();

const memoryStorage = () => {
  const objects = new Map<string, Buffer>();
  return {
    objects,
    get: async (key: string) => {
      const body = objects.get(key);
      return body ? { body, contentType: 'image/jpeg' } : null;
    },
    put: async (key: string, body: Buffer, contentType: string) => {
      objects.set(key, body);
      return { key, contentType, size: body.length };
    },
  };
};

const maya: TTemplateCharacter = {
  id: 'maya',
  name: 'Maya',
  url: '/media/characters/premade/maya.mp4',
  thumbnailUrl: '/media/characters/premade/maya.jpg',
  kind: 'video',
  faceBox: { left: 0.2, top: 0.13, right: 0.8, bottom: 0.58 },
};

/** Rows (as fractions of the height) in which the drawn text shows: white fill, black stroke. */
const textRows = async (jpeg: Buffer) => {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const rows: number[] = [];
  for (let y = 0; y < info.height; y++) {
    let marks = 0;
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      const v = (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
      if (v > 230 || v < 30) marks++;
    }
    if (marks > 4) rows.push(y / info.height);
  }
  return rows;
};

describe('template thumbnails', () => {
  it('draws a Hook + Demo thumbnail: the character’s portrait with the hook where the style puts it', async () => {
    const storage = memoryStorage();
    const read: string[] = [];
    const face = await portrait();
    const thumbnails = createTemplateThumbnails({
      storage,
      readOwnMedia: async (url) => {
        read.push(url);
        return url === maya.thumbnailUrl ? face : null;
      },
      collectionImages: async () => [],
      premadeCharacters: () => [maya],
      log: () => undefined,
    });

    // "POV Discovery": the hook below Maya's face (no room above it), above the caption area.
    const top = await thumbnails.read('video-pov-discovery.jpg');
    expect(top).not.toBeNull();
    const meta = await sharp(top!.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 540, 960]);
    expect(read).toEqual([maya.thumbnailUrl]);
    const topRows = await textRows(top!.body);
    expect(topRows.length).toBeGreaterThan(20);
    expect(Math.min(...topRows)).toBeGreaterThan(maya.faceBox!.bottom);
    expect(Math.max(...topRows)).toBeLessThan(TIKTOK_SAFE_ZONE.bottom / 1920);

    // "Before & After": the same, a little lower.
    const low = await thumbnails.read('video-before-after.jpg');
    const lowRows = await textRows(low!.body);
    expect(Math.min(...lowRows)).toBeGreaterThan(maya.faceBox!.bottom);

    // Kept, and served from storage the second time without reading the portrait again.
    expect([...storage.objects.keys()].sort()).toEqual([
      'platform/templates/v3/video-before-after.jpg',
      'platform/templates/v3/video-pov-discovery.jpg',
    ]);
    read.length = 0;
    const again = await thumbnails.read('video-pov-discovery.jpg');
    expect(again!.body.equals(top!.body)).toBe(true);
    expect(read).toEqual([]);
  });

  it('draws two at a time when a page asks for every card at once, each once', async () => {
    const face = await portrait();
    let inFlight = 0;
    let most = 0;
    let reads = 0;
    const thumbnails = createTemplateThumbnails({
      storage: memoryStorage(),
      readOwnMedia: async () => {
        reads++;
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 20));
        inFlight--;
        return face;
      },
      collectionImages: async () => [],
      premadeCharacters: () => [maya],
      log: () => undefined,
    });
    const ids = ['video-pov-discovery', 'video-before-after', 'video-watch-this', 'video-callout'];
    const answers = await Promise.all([...ids, ...ids].map((id) => thumbnails.read(`${id}.jpg`)));
    expect(answers.every((a) => a !== null)).toBe(true);
    expect(reads).toBe(ids.length);
    expect(most).toBe(2);
  });

  it('draws nothing and keeps nothing while the characters are not there yet', async () => {
    const storage = memoryStorage();
    const thumbnails = createTemplateThumbnails({
      storage,
      readOwnMedia: async () => null,
      collectionImages: async () => [],
      premadeCharacters: () => [maya],
      log: () => undefined,
    });
    expect(await thumbnails.read('video-pov-discovery.jpg')).toBeNull();
    expect(await thumbnails.read('not-a-template.jpg')).toBeNull();
    expect(await thumbnails.read('video-pov-discovery.png')).toBeNull();
    expect(storage.objects.size).toBe(0);
  });
});
