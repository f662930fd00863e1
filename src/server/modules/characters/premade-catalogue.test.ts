import { describe, expect, it } from 'vitest';
import { PREMADE_CHARACTER_COUNT, ZPremadeCharacterListResponse } from '#contract/characters';
import { listPremadeCharacters } from './index';

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
    }
  });
});
