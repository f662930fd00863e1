import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHookDemoEdit } from '#contract/hook-demo';
import { ZRenderEdit } from '#contract/render';
import {
  CANONICAL_AUDIO_ARGS,
  CANONICAL_VIDEO_ARGS,
  NO_BARS_COMMENT,
  normalizeVideo,
  probeVideo,
} from '../../media/canonical-video';
import { resolveFfmpeg, type FfmpegSettings } from '../../media/ffmpeg-path';
import { readStreamHeaders, sameStreamHeaders } from '../../media/stream-headers';
import { placeBox } from './clip-geometry';
import { renderLocally, SEGMENT_QP } from './local-renderer';
import { rasteriseText, textStyleOf } from './overlay-raster';

const run = promisify(execFile);
const settings: FfmpegSettings = { path: null, searchPath: process.env.PATH ?? '' };
let dir = '';
let ffmpeg = '';
const BLUE = [20, 40, 120] as const;
const RED = [220, 30, 30] as const;

const hex = (rgb: readonly number[]) => rgb.map((c) => c.toString(16).padStart(2, '0')).join('');

/** A canonical clip of one colour with a tone, as stored characters and product videos are. */
const canonicalClip = async (name: string, rgb: readonly number[], seconds: number) => {
  const raw = path.join(dir, `${name}-raw.mp4`);
  await run(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x${hex(rgb)}:s=720x1280:r=30:d=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=f=440:sample_rate=44100:d=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    raw,
  ]);
  const out = path.join(dir, `${name}.mp4`);
  await normalizeVideo({ input: raw, output: out, fit: 'crop', maxSeconds: 30, settings });
  return out;
};

/** A landscape demo stored as uploads were before decision 131: contain-fitted onto black. */
const letterboxedClip = async (name: string) => {
  const raw = path.join(dir, `${name}-raw.mp4`);
  await run(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=30:d=2'],
    ...['-f', 'lavfi', '-i', 'sine=f=440:sample_rate=48000:d=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-shortest', raw],
  ]);
  const out = path.join(dir, `${name}.mp4`);
  await normalizeVideo({ input: raw, output: out, fit: 'contain', maxSeconds: 30, settings });
  return out;
};

/** The share of a 1080x1920 RGB frame's rows that are black from edge to edge. */
const blackRowShare = (frame: Buffer) => {
  let black = 0;
  for (let y = 0; y < 1920; y++) {
    let dark = true;
    for (let x = 0; x < 1080 && dark; x += 4) {
      const i = (y * 1080 + x) * 3;
      if (frame[i]! > 24 || frame[i + 1]! > 24 || frame[i + 2]! > 24) dark = false;
    }
    if (dark) black++;
  }
  return black / 1920;
};

/** A Hook + Demo of `character` then `product`, rendered locally in a work folder of its own. */
const renderHookDemo = async (input: {
  hookText: string;
  character: string;
  product: string;
  ugcDurationSec: number;
  productDurationSec: number;
  lossless?: boolean;
}) =>
  renderLocally({
    edit: ZRenderEdit.parse(
      buildHookDemoEdit({
        hookText: input.hookText,
        characterUrl: '/c.mp4',
        productVideoUrl: '/p.mp4',
        ugcDurationSec: input.ugcDurationSec,
        productDurationSec: input.productDurationSec,
      }),
    ),
    files: new Map([
      ['/c.mp4', input.character],
      ['/p.mp4', input.product],
    ]),
    workDir: await mkdtemp(path.join(dir, 'work-')),
    ffmpeg: settings,
    lossless: input.lossless,
  });

const frameAt = async (file: string, at: number) => {
  const { stdout } = await run(
    ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-ss',
      String(at),
      '-i',
      file,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
};

/** Mean absolute difference of two 1080x1920 RGB frames within rows [top, bottom). */
const meanDiff = (a: Buffer, b: Buffer, top: number, bottom: number) => {
  let sum = 0;
  const from = Math.max(0, top) * 1080 * 3;
  const to = Math.min(1920, bottom) * 1080 * 3;
  for (let i = from; i < to; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / (to - from);
};

/** Decoded mono samples at 48 kHz, from `from` seconds on. */
const samples = async (file: string, from: number, seconds: number) => {
  const { stdout } = await run(
    ffmpeg,
    ['-v', 'error', '-i', file, '-map', '0:a', '-ac', '1', '-ar', '48000', '-f', 'f32le', '-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const all = new Float32Array(stdout.buffer, stdout.byteOffset, stdout.length / 4);
  return all.subarray(Math.round(from * 48000), Math.round((from + seconds) * 48000));
};

/** How many samples `heard` is late against `source` (both from the same second), by least difference. */
const lagOf = (source: Float32Array, heard: Float32Array, reach: number) => {
  let best = { lag: 0, error: Infinity };
  for (let lag = -reach; lag <= reach; lag++) {
    let error = 0;
    for (let i = reach; i < heard.length - reach; i += 2) {
      error += Math.abs(heard[i]! - source[i - lag]!);
    }
    if (error < best.error) best = { lag, error };
  }
  return best.lag;
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'local-render-'));
  ffmpeg = await resolveFfmpeg(settings);
});
afterAll(() =>
  process.env.KEEP_RENDER_TMP ? undefined : rm(dir, { recursive: true, force: true }),
);

// Each test renders 1080x1920 video; with CI's other workers busy one can take over 30 s.
describe('the local renderer', { timeout: 120_000 }, () => {
  it('renders a Hook + Demo: overlay where the layout puts it, product copied, 1080x1920 30 fps', async () => {
    const character = await canonicalClip('character', BLUE, 3);
    const product = await canonicalClip('product', RED, 3);
    const edit = ZRenderEdit.parse(
      buildHookDemoEdit({
        hookText: 'POV: you finally found the blender that fits your bag',
        characterUrl: '/media/characters/c.mp4',
        productVideoUrl: '/files/p.mp4',
        textFontScale: 1.2,
        textYOffset: 0.2,
        ugcDurationSec: 2,
        productDurationSec: 2,
      }),
    );
    const files = new Map([
      ['/media/characters/c.mp4', character],
      ['/files/p.mp4', product],
    ]);
    const workDir = await mkdtemp(path.join(dir, 'work-'));
    const result = await renderLocally({ edit, files, workDir, ffmpeg: settings });
    expect(result.segments.map((s) => s.mode)).toEqual(['encode', 'copy']);

    const facts = await probeVideo(result.file, settings);
    expect(facts.video).toMatchObject({ codec: 'h264', width: 1080, height: 1920, fps: 30 });
    expect(facts.audio).toMatchObject({ codec: 'aac', sampleRate: 48000, channels: 2 });
    expect(facts.durationSec).toBeGreaterThan(3.9);
    expect(facts.durationSec).toBeLessThan(4.15);
    // Playable end to end: decoding the whole file reports no error.
    const decoded = await run(ffmpeg, ['-v', 'error', '-i', result.file, '-f', 'null', '-']);
    expect(decoded.stderr).toBe('');

    // The hook frame against the overlay drawn where the shared layout says, on the blue clip.
    const clip = edit.timeline.tracks[0]!.clips[0]!;
    const asset = clip.asset as Parameters<typeof textStyleOf>[0];
    const raster = rasteriseText(textStyleOf(asset));
    const box = placeBox(clip, raster.boxWidth, raster.boxHeight);
    const expectedAt = async (shiftY: number) =>
      sharp({
        create: {
          width: 1080,
          height: 1920,
          channels: 3,
          background: { r: BLUE[0], g: BLUE[1], b: BLUE[2] },
        },
      })
        .composite([
          { input: raster.png, left: box.x - raster.pad, top: box.y - raster.pad + shiftY },
        ])
        .removeAlpha()
        .raw()
        .toBuffer();
    const frame = await frameAt(result.file, 1);
    const top = box.y - raster.pad;
    const bottom = box.y + raster.boxHeight + raster.pad;
    const here = meanDiff(frame, await expectedAt(0), top, bottom);
    const shifted = meanDiff(frame, await expectedAt(24), top, bottom);
    // Chroma subsampling blurs the glyph edges; a 24 px shift costs five times as much.
    expect(here).toBeLessThan(9);
    expect(shifted).toBeGreaterThan(here * 3);
    // The box's centre sits where the clip's offset (+y up, from the frame's centre) puts it.
    expect(
      Math.abs(box.y + raster.boxHeight / 2 - (960 - clip.offset!.y! * 1920)),
    ).toBeLessThanOrEqual(1);
    // Text is white with a black outline: both are in the box.
    const row = (y: number) => frame.subarray(y * 1080 * 3, (y + 1) * 1080 * 3);
    let white = 0;
    let black = 0;
    for (let y = box.y; y < box.y + raster.boxHeight; y++) {
      const r = row(y);
      for (let i = 0; i < r.length; i += 3) {
        if (r[i]! > 230 && r[i + 1]! > 230 && r[i + 2]! > 230) white++;
        if (r[i]! < 25 && r[i + 1]! < 25 && r[i + 2]! < 25) black++;
      }
    }
    expect(white).toBeGreaterThan(2000);
    expect(black).toBeGreaterThan(2000);

    // The product part: red, nothing drawn over it.
    const later = await frameAt(result.file, 3);
    expect(later[(960 * 1080 + 540) * 3]).toBeGreaterThan(190);
    expect(later[(576 * 1080 + 540) * 3 + 1]).toBeLessThan(60);
  });

  it('joins a still hook encoded in two pieces frame for frame, its sound in step', async () => {
    // The character shows which frame it is (a marker stepping 12 px a frame along the bottom)
    // and sings a rising tone, so a frame or a sample out of place shows.
    const raw = path.join(dir, 'counted-raw.mp4');
    await run(ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `color=c=0x${hex(BLUE)}:s=720x1280:r=30:d=5[bg];color=c=white:s=12x80:r=30[mark];[bg][mark]overlay=x='mod(n,60)*12':y=1190:shortest=1`,
      '-f',
      'lavfi',
      '-i',
      `aevalsrc='0.5*sin(2*PI*(300*t+120*t*t))':s=48000:d=5`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      raw,
    ]);
    const character = path.join(dir, 'counted.mp4');
    await normalizeVideo({ input: raw, output: character, fit: 'crop', maxSeconds: 30, settings });
    const product = await canonicalClip('product3', RED, 2);
    const result = await renderHookDemo({
      hookText: 'Two pieces, one hook',
      character,
      product,
      ugcDurationSec: 5,
      productDurationSec: 1,
    });
    // The still hook is cut where a frame and an AAC frame end (2⅔ s, between two ticks of the
    // stored time base) and encoded side by side.
    expect(result.segments).toEqual([
      { start: 0, end: 5, mode: 'encode', pieces: 2 },
      { start: 5, end: 6, mode: 'copy' },
    ]);
    // Joined by an ffmpeg started while the second piece was encoded, its list fed through a FIFO
    // (decision 257).
    expect((await stat(path.join(path.dirname(result.file), 'segments.ffconcat'))).isFIFO()).toBe(
      true,
    );

    // Every frame of the hook is the character's own frame of that moment: none lost at the cut.
    /** Where the marker is on each frame of a 1080x1920 file. */
    const markersOf = async (file: string) => {
      const { stdout: strip } = await run(
        ffmpeg,
        ['-v', 'error', '-i', file, '-vf', 'crop=1080:2:0:1840,format=gray', '-f', 'rawvideo', '-'],
        { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
      );
      return Array.from({ length: strip.length / 2160 }, (_, n) =>
        strip.subarray(n * 2160, n * 2160 + 1080).findIndex((v) => v > 200),
      );
    };
    const rendered = await markersOf(result.file);
    // 6 s at 30 fps, no frame lost or doubled at either join.
    expect(rendered).toHaveLength(180);
    expect((await probeVideo(result.file, settings)).video?.fps).toBe(30);
    const own = await markersOf(character);
    expect(new Set(own.slice(0, 60)).size).toBe(60);
    expect(rendered.slice(0, 150)).toEqual(own.slice(0, 150));

    // The sound after the cut is the character's sound of the same moment (no 1024-sample
    // priming played at the join).
    const heard = await samples(result.file, 2.9, 0.1);
    const source = await samples(character, 2.9, 0.1);
    expect(Math.abs(lagOf(source, heard, 1100))).toBeLessThanOrEqual(8);
  });

  it('cuts the black bars off a product video stored letterboxed before decision 131', async () => {
    const legacy = await letterboxedClip('legacy');
    const character = await canonicalClip('character4', BLUE, 2);
    const result = await renderHookDemo({
      hookText: 'Old upload',
      character,
      product: legacy,
      ugcDurationSec: 2,
      productDurationSec: 2,
    });
    // The stored clip is two thirds bars; the render's product part has none.
    expect(blackRowShare(await frameAt(legacy, 1))).toBeGreaterThan(0.6);
    expect(result.segments.map((s) => [s.start, s.mode])).toEqual([
      [0, 'encode'],
      [2, 'encode'],
    ]);
    expect(blackRowShare(await frameAt(result.file, 3))).toBeLessThan(0.02);
    // Filled in pieces, it still holds every frame (it lost one a piece before).
    expect((await probeVideo(result.file, settings)).video?.fps).toBe(30);
    // The picture itself sits in the middle, whole: as bright there as in the stored clip.
    const stored = await frameAt(legacy, 1);
    const rendered = await frameAt(result.file, 3);
    expect(meanDiff(rendered, stored, 900, 1020)).toBeLessThan(20);
  });

  it('does not look for bars in a clip whose header says it was filled when stored', async () => {
    // Uploads since decision 131 and the pre-made characters carry the mark; a render copies such
    // a clip without a look (decision 144, fifth amendment). Given to a letterboxed clip, the mark
    // keeps its bars in the render: no look was made.
    const legacy = await letterboxedClip('legacy-marked');
    const marked = path.join(dir, 'legacy-marked-filled.mp4');
    await run(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', legacy, '-c', 'copy'],
      ...['-metadata', `comment=${NO_BARS_COMMENT}`, marked],
    ]);
    const result = await renderHookDemo({
      hookText: 'Marked as filled',
      character: await canonicalClip('character6', BLUE, 2),
      product: marked,
      ugcDurationSec: 2,
      productDurationSec: 2,
    });
    expect(result.segments.map((s) => [s.start, s.mode])).toEqual([
      [0, 'encode'],
      [2, 'copy'],
    ]);
    expect(blackRowShare(await frameAt(result.file, 3))).toBeGreaterThan(0.6);
  });

  it('cuts the bars off a letterboxed clip under the hook too, though its encode starts before the look', async () => {
    // The hook's pieces start as if the clip had no bars (decision 144, fourth amendment); a
    // look that finds bars stops them and they are encoded again with the bars cut off.
    const legacy = await letterboxedClip('legacy-hook');
    const product = await canonicalClip('product5', RED, 2);
    const result = await renderHookDemo({
      hookText: 'Old upload under a hook',
      character: legacy,
      product,
      ugcDurationSec: 2,
      productDurationSec: 2,
    });
    expect(result.segments.map((s) => [s.start, s.mode])).toEqual([
      [0, 'encode'],
      [2, 'copy'],
    ]);
    // Rows black from edge to edge in the hook part: the text is drawn over the picture, not bars.
    expect(blackRowShare(await frameAt(result.file, 1))).toBeLessThan(0.02);
    expect((await probeVideo(result.file, settings)).video?.fps).toBe(30);
    // 4 s at 30 fps: every frame is there after a stopped guess (ffmpeg's last progress line).
    const decoded = await run(ffmpeg, ['-hide_banner', '-i', result.file, '-f', 'null', '-'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    expect([...decoded.stderr.matchAll(/frame=\s*(\d+)/g)].at(-1)?.[1]).toBe('120');
  });

  it('joins a clip stored with other picture tools by matching them, and encodes one it cannot match', async () => {
    /** A canonical clip encoded again with other x264 options, as an older build stored it. */
    const storedWith = async (source: string, name: string, params: string) => {
      const out = path.join(dir, `${name}.mp4`);
      await run(ffmpeg, [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-i', source],
        ...CANONICAL_VIDEO_ARGS.map((arg) => (arg.startsWith('stitchable=1') ? params : arg)),
        ...CANONICAL_AUDIO_ARGS,
        ...['-movflags', '+faststart', out],
      ]);
      return out;
    };
    const character = await canonicalClip('character5', BLUE, 2);
    const current = await canonicalClip('product5', RED, 2);
    // Stored before decision 144's third amendment: CABAC, 8x8 transform, weighted prediction.
    const older = await storedWith(current, 'older', 'stitchable=1:cabac=1:8x8dct=1:weightp=1');
    // Headers x264's tool switches cannot reproduce: three reference frames in the SPS.
    const foreign = await storedWith(current, 'foreign', 'stitchable=1:ref=3');
    expect((await readStreamHeaders(current))?.picture.cabac).toBe(false);
    expect((await readStreamHeaders(older))?.picture).toEqual({
      cabac: true,
      transform8x8: true,
      weightedPrediction: true,
    });
    const edit = ZRenderEdit.parse(
      buildHookDemoEdit({
        hookText: 'Stored long ago',
        characterUrl: '/c.mp4',
        productVideoUrl: '/p.mp4',
        ugcDurationSec: 2,
        productDurationSec: 2,
      }),
    );
    const renderWith = async (product: string) => {
      const workDir = await mkdtemp(path.join(dir, 'work-'));
      const files = new Map([
        ['/c.mp4', character],
        ['/p.mp4', product],
      ]);
      const result = await renderLocally({ edit, files, workDir, ffmpeg: settings });
      const decoded = await run(ffmpeg, ['-v', 'error', '-i', result.file, '-f', 'null', '-']);
      return { result, errors: decoded.stderr, headers: await readStreamHeaders(result.file) };
    };

    const withCurrent = await renderWith(current);
    expect(withCurrent.result.segments.map((s) => s.mode)).toEqual(['encode', 'copy']);
    expect(withCurrent.errors).toBe('');
    expect(withCurrent.headers?.picture.cabac).toBe(false);

    const withOlder = await renderWith(older);
    expect(withOlder.result.segments.map((s) => s.mode)).toEqual(['encode', 'copy']);
    expect(withOlder.errors).toBe('');
    expect(sameStreamHeaders(withOlder.headers, await readStreamHeaders(older))).toBe(true);

    const withForeign = await renderWith(foreign);
    expect(withForeign.result.segments.map((s) => s.mode)).toEqual(['encode', 'encode']);
    expect(withForeign.errors).toBe('');
    const last = await frameAt(withForeign.result.file, 3.5);
    expect(
      meanDiff(
        last,
        Buffer.from(
          Array(1080 * 1920)
            .fill(RED)
            .flat(),
        ),
        0,
        1920,
      ),
    ).toBeLessThan(8);
  });

  it('encodes what is not canonical: an image character, gaps, and a trimmed product', async () => {
    const png = path.join(dir, 'character.png');
    await sharp({ create: { width: 600, height: 600, channels: 3, background: '#30a050' } })
      .png()
      .toFile(png);
    const product = await canonicalClip('product2', RED, 3);
    const edit = ZRenderEdit.parse({
      timeline: {
        tracks: [
          {
            clips: [
              {
                asset: {
                  type: 'html',
                  html: '<p>Hi &amp; bye</p>',
                  css: 'p { font-size: 80px; color: #ffff00; }',
                },
                start: 0.5,
                length: 1,
                position: 'top',
                transition: { in: 'fade' },
              },
            ],
          },
          {
            clips: [
              { asset: { type: 'image', src: '/c.png' }, start: 0, length: 1.5, fit: 'contain' },
              { asset: { type: 'video', src: '/p.mp4', trim: 1 }, start: 2, length: 1 },
            ],
          },
        ],
      },
      output: { format: 'mp4', size: { width: 1080, height: 1920 } },
    });
    const workDir = await mkdtemp(path.join(dir, 'work-'));
    const result = await renderLocally({
      edit,
      files: new Map([
        ['/c.png', png],
        ['/p.mp4', product],
      ]),
      workDir,
      ffmpeg: settings,
    });
    expect(result.segments.map((s) => [s.start, s.end, s.mode])).toEqual([
      [0, 1.5, 'encode'],
      [1.5, 2, 'encode'],
      [2, 3, 'encode'],
    ]);
    const facts = await probeVideo(result.file, settings);
    expect(facts.durationSec).toBeGreaterThan(2.9);
    expect(facts.durationSec).toBeLessThan(3.15);
    // contain: a green square in the middle, black above it.
    const first = await frameAt(result.file, 0.2);
    expect(first[(960 * 1080 + 540) * 3 + 1]).toBeGreaterThan(130);
    expect(first[(300 * 1080 + 540) * 3 + 1]).toBeLessThan(30);
    // The gap is the background; the yellow text at the top while the html clip lasts.
    const gap = await frameAt(result.file, 1.7);
    expect(
      Math.max(...gap.subarray((960 * 1080 + 540) * 3, (960 * 1080 + 540) * 3 + 3)),
    ).toBeLessThan(30);
    const titled = await frameAt(result.file, 1.2);
    let yellow = 0;
    for (let i = 0; i < 200 * 1080 * 3; i += 3) {
      if (titled[i]! > 200 && titled[i + 1]! > 200 && titled[i + 2]! < 80) yellow++;
    }
    expect(yellow).toBeGreaterThan(500);
  });
  it("encodes the hook at a constant quantiser, sharper than the stored clips' CRF 21 on sensor noise", async () => {
    // A phone-like character: detail and noise in every frame, where a coarser encode shows first.
    const raw = path.join(dir, 'noisy-raw.mp4');
    await run(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=s=1080x1920:r=30:d=2,noise=alls=4:allf=t'],
      ...['-f', 'lavfi', '-i', 'sine=f=440:sample_rate=48000:d=2'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '8M', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-shortest', raw],
    ]);
    const character = path.join(dir, 'noisy.mp4');
    await normalizeVideo({ input: raw, output: character, fit: 'crop', maxSeconds: 30, settings });
    const product = await canonicalClip('product6', RED, 1);
    const render = (lossless: boolean) =>
      renderHookDemo({
        hookText: 'Sharp where it counts',
        character,
        product,
        ugcDurationSec: 2,
        productDurationSec: 1,
        lossless,
      });
    const ours = await render(false);
    const lossless = await render(true);
    expect(ours.segments.map((s) => s.mode)).toEqual(['encode', 'copy']);
    // x264 names its rate control in the stream: a constant quantiser, no look at a half-size copy
    // of each frame (docs/decisions/256).
    const bytes = (await readFile(ours.file)).toString('latin1');
    expect(bytes).toContain(`rc=cqp`);
    expect(bytes).toContain(` qp=${SEGMENT_QP} `);
    const { stderr } = await run(ffmpeg, [
      ...['-hide_banner', '-t', '2', '-i', ours.file, '-t', '2', '-i', lossless.file],
      ...['-lavfi', '[0:v][1:v]ssim', '-f', 'null', '-'],
    ]);
    // On this picture the stored clips' CRF 21 scores 0.9914 and QP 15 0.9956 (decision 256).
    expect(Number(/All:([\d.]+)/.exec(stderr)?.[1])).toBeGreaterThan(0.994);
  });
});
