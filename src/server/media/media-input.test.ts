import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffconcatTo, playlistTo } from '../testing/media-attacks';
import { makeTestVideo } from '../testing/test-videos';
import type { FfmpegSettings } from './ffmpeg-path';
import { resolveFfmpeg } from './ffmpeg-path';
import { feedConcatList, MediaInputError, writeConcatList } from './media-input';
import { probeVideo } from './probe-video';
import { judgeTikTokVideo } from './tiktok-media-rules';
import { runFfmpeg } from './run-ffmpeg';

const settings: FfmpegSettings = {
  path: process.env.FFMPEG_PATH ?? null,
  searchPath: process.env.PATH ?? '',
};
let dir: string;
let ffmpeg: string;
/** Someone else's stored video, which none of the attacks may read. */
let victim: string;
const attacks: [string, () => Buffer][] = [
  ['an HLS playlist', () => playlistTo(victim)],
  ['an ffconcat list', () => ffconcatTo(victim)],
];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'media-input-'));
  ffmpeg = await resolveFfmpeg(settings);
  victim = path.join(dir, 'victim.mp4');
  await writeFile(victim, await makeTestVideo({ seconds: 2 }));
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const saved = async (name: string, body: Buffer) => {
  const file = path.join(dir, name);
  await writeFile(file, body);
  return file;
};

describe('media inputs are read as what their bytes are, and nothing else', () => {
  it.each(attacks)('the prober refuses %s named .mp4', async (_name, body) => {
    const file = await saved('evil.mp4', body());
    await expect(probeVideo(file, settings)).rejects.toThrow(/is not an MP4, MOV or WebM video/);
    await expect(probeVideo(body(), settings)).rejects.toThrow(MediaInputError);
    // The TikTok sandbox's checks read it with the same prober: nothing read, so refused.
    const probe = await probeVideo(file, settings).catch(() => null);
    expect(judgeTikTokVideo(probe)).toMatchObject({ reason: 'file_format_check_failed' });
  });

  it.each(attacks)(
    'the runner does not open %s, whatever demuxer is asked for',
    async (_n, body) => {
      const file = await saved('evil-run.mp4', body());
      for (const format of [[], ['-f', 'hls'], ['-f', 'concat', '-safe', '0'], ['-f', 'mov']]) {
        await expect(
          runFfmpeg(ffmpeg, [...format, '-i', file, '-f', 'null', '-']),
        ).rejects.toBeInstanceOf(MediaInputError);
      }
    },
  );

  it('the runner joins only concat lists it wrote, and inputs only local files and generators', async () => {
    const list = await saved('mine.ffconcat', ffconcatTo(victim));
    await expect(
      runFfmpeg(ffmpeg, ['-f', 'concat', '-i', list, '-f', 'null', '-']),
    ).rejects.toBeInstanceOf(MediaInputError);
    await expect(
      runFfmpeg(ffmpeg, ['-f', 'lavfi', '-i', `movie=${victim}`, '-f', 'null', '-']),
    ).rejects.toBeInstanceOf(MediaInputError);
    await expect(
      runFfmpeg(ffmpeg, ['-i', 'http://127.0.0.1:9/clip.mp4', '-f', 'null', '-']),
    ).rejects.toBeInstanceOf(MediaInputError);
    await expect(
      runFfmpeg(ffmpeg, ['-f', 'lavfi', '-i', 'anullsrc', '-filter_complex', `amovie=${victim}`]),
    ).rejects.toBeInstanceOf(MediaInputError);
    // Our own list: only plain files beside it, each an MP4 by its bytes.
    await expect(
      writeConcatList(path.join(dir, 'parts.ffconcat'), [{ file: victim }]),
    ).resolves.toBe(path.join(dir, 'parts.ffconcat'));
    const elsewhere = path.join(os.tmpdir(), 'parts.ffconcat');
    await expect(writeConcatList(elsewhere, [{ file: victim }])).rejects.toThrow(/beside its list/);
    // A list fed through a FIFO goes only into one we made (decision 257).
    await expect(
      feedConcatList(path.join(dir, 'not-made.ffconcat'), [{ file: victim }], Promise.resolve()),
    ).rejects.toThrow(/not a list we made/);
    const evil = await saved('evil-part.mp4', playlistTo(victim));
    await expect(
      writeConcatList(path.join(dir, 'bad.ffconcat'), [{ file: evil }]),
    ).rejects.toBeInstanceOf(MediaInputError);
  });

  it('reads MP4, WebM and pictures as before', async () => {
    const mp4 = await probeVideo(victim, settings);
    expect(mp4.container.split(',')).toContain('mp4');
    expect(mp4.durationSec).toBeGreaterThan(1.9);
    const webm = await probeVideo(await makeTestVideo({ seconds: 1, format: 'webm' }), settings);
    expect(webm.container).toMatch(/matroska|webm/);
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    const picture = await probeVideo(png, settings, { family: 'image' });
    expect(picture.video).toMatchObject({ width: 40, height: 30 });
    await expect(probeVideo(png, settings, { family: 'video' })).rejects.toBeInstanceOf(
      MediaInputError,
    );
  }, 60_000);
});
