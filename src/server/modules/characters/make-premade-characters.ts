import { statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { PremadeEntry } from './premade-catalogue';
import { PREMADE_CHARACTERS, PREMADE_STYLE } from './premade-catalogue';
import { drawPortrait } from '../../media/characters/portrait/paint-portrait';
import { renderCharacterClip } from '../../media/characters/render-character-clip';

/**
 * The pre-made characters' files, made by the project itself (no binary media in the
 * repository): per character a JPEG portrait `{id}.jpg` (540x960) and a looping clip
 * `{id}.mp4`. `npm run build` makes them into the cache folder and the start-up job makes
 * whatever is missing. Bump the version when a painter changes so caches are made again.
 */
export const PREMADE_VERSION = 3;
const MARKER = 'characters.json';

export const premadeFiles = (id: string) => ({ portrait: `${id}.jpg`, clip: `${id}.mp4` });

const hasContent = (file: string) => {
  try {
    return statSync(file).size > 0;
  } catch {
    return false;
  }
};

type Marker = { version: number; done: string[] };

/**
 * `characters.json` lists the characters this version has finished. Files of another version
 * are made again; a start stopped half-way resumes after the last finished one.
 */
const readMarker = async (dir: string): Promise<Marker | null> => {
  try {
    const m = JSON.parse(await readFile(path.join(dir, MARKER), 'utf8')) as Partial<Marker>;
    return typeof m.version === 'number' && Array.isArray(m.done)
      ? { version: m.version, done: m.done.filter((x) => typeof x === 'string') }
      : null;
  } catch {
    return null;
  }
};

const finished = (marker: Marker | null, dir: string, id: string) => {
  const f = premadeFiles(id);
  return (
    marker?.version === PREMADE_VERSION &&
    marker.done.includes(id) &&
    hasContent(path.join(dir, f.portrait)) &&
    hasContent(path.join(dir, f.clip))
  );
};

/** Whether every file is there and made by this version (one read and a few stat calls). */
export const premadeCharactersPresent = async (
  dir: string,
  characters: readonly PremadeEntry[] = PREMADE_CHARACTERS,
) => {
  const marker = await readMarker(dir);
  return characters.every((c) => finished(marker, dir, c.id));
};

/** One portrait as JPEG: painted at the clip's size, scaled down (a sharp, small thumbnail). */
export const premadePortraitJpeg = async (entry: PremadeEntry, width = 540) => {
  const full = drawPortrait({ look: entry.look, style: PREMADE_STYLE, seed: entry.id }, 1080, 1920);
  const small = createCanvas(width, Math.round((width * 16) / 9));
  const ctx = small.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(full, 0, 0, small.width, small.height);
  return small.encode('jpeg', 88);
};

export const makePremadeCharacters = async ({
  outDir,
  ffmpegPath,
  force = false,
  log = () => {},
  characters = PREMADE_CHARACTERS,
  clip,
  signal,
}: {
  outDir: string;
  ffmpegPath: string;
  force?: boolean;
  log?: (line: string) => void;
  characters?: readonly PremadeEntry[];
  /** Tests make small, short clips. */
  clip?: { width: number; height: number; seconds: number };
  /** Stops between frames; what is finished stays (the marker), the rest is made next time. */
  signal?: AbortSignal;
}): Promise<{ made: number; ms: number }> => {
  const started = performance.now();
  await mkdir(outDir, { recursive: true });
  const marker = force ? null : await readMarker(outDir);
  const done = new Set(marker?.version === PREMADE_VERSION ? marker.done : []);
  let made = 0;
  for (const entry of characters) {
    if (finished(marker, outDir, entry.id)) continue;
    signal?.throwIfAborted();
    done.delete(entry.id);
    const f = premadeFiles(entry.id);
    const portrait = path.join(outDir, f.portrait);
    const partial = `${portrait}.partial`;
    await writeFile(partial, await premadePortraitJpeg(entry));
    await rename(partial, portrait);
    const { bytes, ms } = await renderCharacterClip(
      { look: entry.look, style: PREMADE_STYLE, seed: entry.id },
      path.join(outDir, f.clip),
      { ffmpegPath, ...clip, signal },
    );
    done.add(entry.id);
    await writeFile(
      path.join(outDir, MARKER),
      JSON.stringify({ version: PREMADE_VERSION, done: [...done] } satisfies Marker),
    );
    made++;
    log(`${entry.id}: ${Math.round(bytes / 1024)} kB in ${(ms / 1000).toFixed(1)} s`);
  }
  return { made, ms: Math.round(performance.now() - started) };
};
