import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { sampleVideosPresent } from '../media/sample-videos/make-sample-videos';
import { premadeCharactersPresent } from '../modules/characters';
import { starterLibraryFolderCurrent } from './starter/generate-starter-library';

/**
 * The repository ships what a first start shows (decision 090). A painter or example change
 * bumps its version; these fail until the shipped files are made again and committed
 * (`npm run assets:starter`, then commit `assets/starter`), so a new install never repaints at its first start.
 */
describe('the shipped starter assets', () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'shipped-assets-test-secret-0123456789abcdef',
  });

  it('are the default folders', () => {
    expect(config.starterCharacters.dir).toMatch(/assets\/starter\/characters$/);
    expect(config.sampleVideos.dir).toMatch(/assets\/starter\/sample-videos$/);
    expect(config.starterLibrary.dir).toMatch(/assets\/starter\/library$/);
  });

  it('hold every pre-made character, landing example and starter image of the current versions', async () => {
    expect(await premadeCharactersPresent(config.starterCharacters.dir)).toBe(true);
    expect(sampleVideosPresent(config.sampleVideos.dir)).toBe(true);
    expect(await starterLibraryFolderCurrent(config.starterLibrary.dir)).toBe(true);
  });
});
