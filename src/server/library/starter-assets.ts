import type { Storage } from '../adapters/storage/storage';
import type { Database } from '../db/client';
import { resolveFfmpeg } from '../media/ffmpeg-path';
import { makeSampleVideos, sampleVideosPresent } from '../media/sample-videos/make-sample-videos';
import type { Config } from '../config';
import { makePremadeCharacters, premadeCharactersPresent } from '../modules/characters';
import { ensureStarterLibrary, starterLibraryPresent } from './ensure-starter-library';

type Options = {
  db: Database;
  storage: Storage;
  config: Pick<Config, 'starterLibrary' | 'sampleVideos' | 'ffmpeg'> &
    Partial<Pick<Config, 'starterCharacters'>>;
  log: (line: string) => void;
};

/**
 * What a fresh install makes for itself: the landing page's sample videos, the starter image
 * library and the pre-made characters. Neither is needed to sign up, so the server listens first and a job makes them
 * (decision 028); the pages that show them say they are being prepared until then.
 */
export const createStarterAssets = ({ db, storage, config, log }: Options) => {
  const missing = async (): Promise<string[]> => [
    ...(sampleVideosPresent(config.sampleVideos.dir) ? [] : ['the sample videos']),
    ...(config.starterLibrary.enabled && !(await starterLibraryPresent(db))
      ? ['the starter image library']
      : []),
    ...(config.starterCharacters && !(await premadeCharactersPresent(config.starterCharacters.dir))
      ? ['the pre-made characters']
      : []),
  ];

  /**
   * The job's work: each part is skipped when present, so a retry redoes only what is left.
   * `characters: false` leaves the pre-made characters (minutes of painting and encoding), and
   * the landing examples rendered from them, to the job after listening, even when the rest is
   * made before.
   */
  const prepare = async ({
    characters = true,
    signal,
  }: {
    characters?: boolean;
    /** The job's signal: a shutdown or the time limit stops the work between steps. */
    signal?: AbortSignal;
  } = {}) => {
    if (config.starterLibrary.enabled) {
      await ensureStarterLibrary({ db, storage, dir: config.starterLibrary.dir, log });
    }
    if (
      characters &&
      config.starterCharacters &&
      !(await premadeCharactersPresent(config.starterCharacters.dir))
    ) {
      log('characters: making the pre-made portraits and clips (the first start; a few minutes)');
      const { made, ms } = await makePremadeCharacters({
        outDir: config.starterCharacters.dir,
        ffmpegPath: await resolveFfmpeg(config.ffmpeg),
        log: (line) => log(`characters: ${line}`),
        signal,
      });
      log(`characters: made ${made} in ${(ms / 1000).toFixed(1)} s`);
    }
    // The examples are renders of the pre-made characters, so they wait for them.
    const charactersDir = config.starterCharacters?.dir;
    if (
      charactersDir &&
      !sampleVideosPresent(config.sampleVideos.dir) &&
      (await premadeCharactersPresent(charactersDir))
    ) {
      log('sample videos: rendering the landing page examples');
      const { made, ms } = await makeSampleVideos({
        outDir: config.sampleVideos.dir,
        charactersDir,
        ffmpeg: config.ffmpeg,
        signal,
      });
      log(`sample videos: made ${made} in ${(ms / 1000).toFixed(1)} s`);
    }
  };

  return { missing, prepare };
};

export type StarterAssets = ReturnType<typeof createStarterAssets>;
