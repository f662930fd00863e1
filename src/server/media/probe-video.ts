import { accessSync, constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FfmpegSettings } from './ffmpeg-path';
import { resolveFfmpeg } from './ffmpeg-path';
import type { MediaFamily } from './media-input';
import { EXTENSION, openFileInput, sniffBytes, sniffFile } from './media-input';
import { FfmpegError, runMediaTool } from './run-ffmpeg';
import { readMp4Header, type Mp4Header } from './stream-headers';
import { makeWorkDir } from './work-dirs';

/** What the server needs to know about a media file: TikTok's checks, the render's inputs. */
export type VideoProbe = {
  /** ffmpeg's demuxer names, e.g. "mov,mp4,m4a,3gp,3g2,mj2". */
  container: string;
  durationSec: number;
  video: {
    codec: string;
    /** e.g. "High"; empty when the prober does not say. */
    profile: string;
    pixFmt: string;
    width: number;
    height: number;
    fps: number;
  } | null;
  audio: { codec: string; sampleRate: number; channels: number } | null;
};

export class VideoProbeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VideoProbeError';
  }
}

const PROBE_TIMEOUT_MS = 30_000;

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const rate = (value: string | undefined) => {
  const [n, d] = (value ?? '0/0').split('/').map(Number);
  return n && d ? n / d : 0;
};

const channelsOf = (layout: string) =>
  layout === 'mono' ? 1 : layout === 'stereo' ? 2 : Number(/^(\d+)/.exec(layout)?.[1] ?? 0);

type FfprobeJson = {
  format?: { format_name?: string; duration?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    profile?: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    sample_rate?: string;
    channels?: number;
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number | string }[];
  }[];
};

/**
 * Phones store portrait video as landscape frames with a rotation flag, and ffmpeg turns the frames
 * on decode; the size a filter sees is the displayed one, so that is what the probe reports.
 */
const displayed = (width: number, height: number, rotation: number) =>
  Math.abs(Math.round(rotation)) % 180 === 90
    ? { width: height, height: width }
    : { width, height };

const withFfprobe = async (ffprobe: string, input: string[]): Promise<VideoProbe> => {
  const stdout = await runMediaTool(
    ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...input],
    { timeoutMs: PROBE_TIMEOUT_MS, captureStdout: true },
  );
  const info = JSON.parse(stdout.toString()) as FfprobeJson;
  const v = info.streams?.find((s) => s.codec_type === 'video');
  const a = info.streams?.find((s) => s.codec_type === 'audio');
  return {
    container: info.format?.format_name ?? '',
    durationSec: Number(info.format?.duration ?? 0),
    video: v
      ? {
          codec: v.codec_name ?? '',
          profile: v.profile ?? '',
          pixFmt: v.pix_fmt ?? '',
          ...displayed(
            v.width ?? 0,
            v.height ?? 0,
            Number(
              v.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ??
                v.tags?.rotate ??
                0,
            ),
          ),
          fps: rate(v.avg_frame_rate) || rate(v.r_frame_rate),
        }
      : null,
    audio: a
      ? {
          codec: a.codec_name ?? '',
          sampleRate: Number(a.sample_rate ?? 0),
          channels: a.channels ?? 0,
        }
      : null,
  };
};

/** Splits "a (x, y), b, c" at the commas outside parentheses. */
const splitTopLevel = (line: string) => {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of line) {
    if (ch === '(' || ch === '[') depth++;
    if (ch === ')' || ch === ']') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  parts.push(current.trim());
  return parts;
};

/** Reads ffmpeg's banner, for the npm build that ships no ffprobe. */
export const parseFfmpegBanner = (stderr: string): VideoProbe => {
  if (!/Input #0, /.test(stderr)) throw new VideoProbeError('Not a media file ffmpeg can read');
  const container = /Input #0, (.+?), from/.exec(stderr)?.[1] ?? '';
  const duration = /Duration: (\d+):(\d+):([\d.]+)/.exec(stderr);
  const videoLine = /Stream #0:\d+.*?: Video: (.*)/.exec(stderr)?.[1];
  const audioLine = /Stream #0:\d+.*?: Audio: (.*)/.exec(stderr)?.[1];
  let video: VideoProbe['video'] = null;
  if (videoLine) {
    const parts = splitTopLevel(videoLine);
    const size = /(\d{2,5})x(\d{2,5})/.exec(parts.find((p) => /^\d{2,5}x\d{2,5}/.test(p)) ?? '');
    const rotation = /rotation of (-?[\d.]+) degrees|rotate\s*:\s*(-?\d+)/.exec(stderr);
    video = {
      codec: /^([a-z0-9_]+)/.exec(parts[0] ?? '')?.[1] ?? '',
      profile: /^[a-z0-9_]+ \(([^)]+)\)/.exec(parts[0] ?? '')?.[1] ?? '',
      pixFmt: /^([a-z0-9_]+)/.exec(parts[1] ?? '')?.[1] ?? '',
      ...displayed(
        Number(size?.[1] ?? 0),
        Number(size?.[2] ?? 0),
        Number(rotation?.[1] ?? rotation?.[2] ?? 0),
      ),
      fps: Number(/([\d.]+) fps/.exec(videoLine)?.[1] ?? /([\d.]+) tbr/.exec(videoLine)?.[1] ?? 0),
    };
  }
  let audio: VideoProbe['audio'] = null;
  if (audioLine) {
    const [codec = '', , layout = ''] = splitTopLevel(audioLine);
    audio = {
      codec: /^([a-z0-9_]+)/.exec(codec)?.[1] ?? '',
      sampleRate: Number(/(\d+) Hz/.exec(audioLine)?.[1] ?? 0),
      channels: channelsOf(layout.trim()),
    };
  }
  return {
    container,
    durationSec: duration
      ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
      : 0,
    video,
    audio,
  };
};

const withFfmpeg = async (ffmpeg: string, input: string[]): Promise<VideoProbe> => {
  // ffmpeg with an input and no output exits 1 after printing what it found.
  const stderr = await runMediaTool(ffmpeg, ['-hide_banner', '-nostdin', ...input], {
    timeoutMs: PROBE_TIMEOUT_MS,
  }).then(
    () => '',
    (error: unknown) => (error instanceof FfmpegError ? error.stderr : ''),
  );
  return parseFfmpegBanner(stderr);
};

/** ffprobe beside the ffmpeg in use, else on the search path; null when there is none. */
const findFfprobe = (ffmpeg: string, settings: FfmpegSettings): string | null => {
  const beside = path.join(path.dirname(ffmpeg), 'ffprobe');
  if (isExecutable(beside)) return beside;
  for (const dir of settings.searchPath.split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, 'ffprobe'))) return path.join(dir, 'ffprobe');
  }
  return null;
};

/**
 * The server's one prober: container, duration, and the first video and audio streams of a file
 * (or of bytes, written to a temporary file first). It uses ffprobe when the machine has one and
 * reads ffmpeg's banner otherwise, so it works with only what `npm ci` brings. The file is first
 * checked by its bytes and opened with its own demuxer and the `file` protocol only (decision
 * 070): a playlist or list of other files is refused before ffprobe sees it.
 */
export const probeVideo = async (
  input: string | Buffer,
  settings: FfmpegSettings,
  { family }: { family?: MediaFamily } = {},
): Promise<VideoProbe> => {
  if (typeof input !== 'string') {
    const kind = await sniffBytes(input, family);
    const dir = await makeWorkDir('probe');
    // Named for its kind: ffmpeg's image2 demuxer reads the picture's codec from the name.
    const file = path.join(dir, `media${EXTENSION[kind]}`);
    try {
      await fs.writeFile(file, input);
      return await probeVideo(file, settings, { family });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
  const opened = await openFileInput(input, family);
  const ffmpeg = await resolveFfmpeg(settings);
  const ffprobe = findFfprobe(ffmpeg, settings);
  try {
    return ffprobe ? await withFfprobe(ffprobe, opened) : await withFfmpeg(ffmpeg, opened);
  } catch (error) {
    if (error instanceof VideoProbeError) throw error;
    throw new VideoProbeError('Not a media file ffmpeg can read', { cause: error });
  }
};

/**
 * A media file's facts read from its MP4 header in Node, without a process (decision 144, fifth
 * amendment): a render's inputs are our own stored clips, whose `moov` this reads whole. The
 * file is checked by its bytes first, as `probeVideo` does; one whose header is not read (a picture,
 * another container or codec, a rotation) is probed by `probeVideo`, and then has no `header`.
 */
export const probeVideoHeader = async (
  file: string,
  settings: FfmpegSettings,
): Promise<{ probe: VideoProbe; header: Mp4Header | null }> => {
  const header = (await sniffFile(file)) === 'mp4' ? await readMp4Header(file) : null;
  return header
    ? { probe: header.probe, header }
    : { probe: await probeVideo(file, settings), header: null };
};
