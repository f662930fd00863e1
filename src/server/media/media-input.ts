import { constants } from 'node:fs';
import { open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { makeFifo } from './make-fifo';

/**
 * What ffmpeg and ffprobe may read, decided by the file's own bytes (decision 070). ffmpeg
 * otherwise guesses the demuxer from the content, and some demuxers read other files: an HLS
 * playlist or an ffconcat list saved as "clip.mp4" made a render read another seller's stored
 * video through `file:///…` (issue 22). So every input is sniffed first, opened with the one
 * demuxer its kind needs, and may use only the `file` protocol.
 */

/** The containers, pictures and sound files (a render's soundtrack) we accept. */
export type MediaKind = 'mp4' | 'matroska' | 'png' | 'jpeg' | 'webp' | 'mp3' | 'wav';
export type MediaFamily = 'video' | 'image' | 'audio';

const KIND_OF_MIME: Record<string, MediaKind> = {
  // ISO base media (ftyp) and QuickTime: all read by ffmpeg's mov demuxer.
  'video/mp4': 'mp4',
  'video/quicktime': 'mp4',
  'video/x-m4v': 'mp4',
  'video/3gpp': 'mp4',
  'video/3gpp2': 'mp4',
  // EBML: WebM is Matroska.
  'video/webm': 'matroska',
  'video/matroska': 'matroska',
  'video/x-matroska': 'matroska',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/vnd.wave': 'wav',
};

export const FAMILY: Record<MediaKind, MediaFamily> = {
  mp4: 'video',
  matroska: 'video',
  png: 'image',
  jpeg: 'image',
  webp: 'image',
  mp3: 'audio',
  wav: 'audio',
};

/** The file name ending that matches each kind (ffmpeg's image2 demuxer reads it). */
export const EXTENSION: Record<MediaKind, string> = {
  mp4: '.mp4',
  matroska: '.mkv',
  png: '.png',
  jpeg: '.jpg',
  webp: '.webp',
  mp3: '.mp3',
  wav: '.wav',
};

/**
 * The demuxer named for each kind, never guessed. The mov demuxer's `enable_drefs` stays off (its
 * default, written out so it is not lost): with it a QuickTime file may name other files to read.
 * `pattern_type none` keeps image2 from reading a numbered sequence of neighbouring files.
 */
const DEMUXER: Record<MediaKind, string[]> = {
  mp4: ['-f', 'mov', '-enable_drefs', '0'],
  matroska: ['-f', 'matroska'],
  png: ['-f', 'image2', '-pattern_type', 'none'],
  jpeg: ['-f', 'image2', '-pattern_type', 'none'],
  webp: ['-f', 'image2', '-pattern_type', 'none'],
  mp3: ['-f', 'mp3'],
  wav: ['-f', 'wav'],
};

const DESCRIBE: Record<MediaFamily | 'any', string> = {
  video: 'an MP4, MOV or WebM video',
  image: 'a PNG, JPEG or WebP picture',
  audio: 'an MP3 or WAV sound file',
  any: 'an MP4, MOV or WebM video or a PNG, JPEG or WebP picture',
};

/** A file that is not one of the kinds we accept; ffmpeg never saw it. */
export class MediaInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaInputError';
  }
}

/** file-type reads at most this much of the start of a file. */
const HEAD_BYTES = 4100;

const readHead = async (file: string): Promise<Buffer> => {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
};

/** The kind of `bytes` (the whole file or at least its first 4100 bytes), or an error. */
export const sniffBytes = async (
  bytes: Uint8Array,
  family?: MediaFamily,
  name = 'The file',
): Promise<MediaKind> => {
  const type = await fileTypeFromBuffer(bytes.subarray(0, HEAD_BYTES));
  const kind = type ? KIND_OF_MIME[type.mime] : undefined;
  if (!kind || (family && FAMILY[kind] !== family)) {
    throw new MediaInputError(`${name} is not ${DESCRIBE[family ?? 'any']}`);
  }
  return kind;
};

/** The kind of the file at `file`, read from its first bytes. */
export const sniffFile = async (file: string, family?: MediaFamily): Promise<MediaKind> =>
  sniffBytes(await readHead(file), family);

/** ffmpeg's arguments that open `file` of `kind` and nothing else (they end with `-i`). */
export const fileInputArgs = (file: string, kind: MediaKind): string[] => [
  ...DEMUXER[kind],
  '-protocol_whitelist',
  'file',
  '-i',
  // A bare path with a colon in it would be read as a protocol.
  `file:${path.resolve(file)}`,
];

/** Sniffs `file` and gives the arguments that open it as what it is. */
export const openFileInput = async (file: string, family?: MediaFamily) =>
  fileInputArgs(file, await sniffFile(file, family));

/** Lists written by `writeConcatList`: the only ones the runner lets the concat demuxer read. */
const ownLists = new Set<string>();

/** The characters the concat demuxer's `safe` mode allows in a name. */
const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export type ConcatEntry = { file: string; inpoint?: string; outpoint?: string };

/**
 * The text of an ffconcat list of our own files for joining rendered parts. Every entry must sit
 * in the list's own folder under a plain name (so the demuxer's `safe` mode, which refuses
 * absolute paths and protocols, accepts it) and be an MP4 by its bytes.
 */
const concatListText = async (listFile: string, entries: ConcatEntry[]): Promise<string> => {
  const dir = path.dirname(path.resolve(listFile));
  const lines = ['ffconcat version 1.0'];
  for (const entry of entries) {
    const name = path.basename(entry.file);
    if (path.dirname(path.resolve(entry.file)) !== dir || !SAFE_NAME.test(name)) {
      throw new Error(`concat entry ${entry.file} is not a plain file beside its list`);
    }
    await sniffFile(entry.file, 'video');
    lines.push(`file ${name}`);
    if (entry.inpoint) lines.push(`inpoint ${entry.inpoint}`);
    if (entry.outpoint) lines.push(`outpoint ${entry.outpoint}`);
  }
  return `${lines.join('\n')}\n`;
};

/** Writes an ffconcat list of our own files (`concatListText`) for the runner to join. */
export const writeConcatList = async (
  listFile: string,
  entries: ConcatEntry[],
): Promise<string> => {
  await writeFile(listFile, await concatListText(listFile, entries));
  const resolved = path.resolve(listFile);
  ownLists.add(resolved);
  return resolved;
};

/**
 * Makes `listFile` a FIFO (a named pipe, mode 600) that a join's ffmpeg may open before the parts
 * it joins are made: it starts, loads its libraries and waits on the pipe until
 * `feedConcatList` writes the list (decision 257). False where no FIFO can be made (no `mkfifo`,
 * a system without named pipes): the caller then writes the list first, as before.
 */
export const makeConcatFifo = async (listFile: string): Promise<boolean> => {
  const resolved = path.resolve(listFile);
  try {
    await makeFifo(resolved);
  } catch {
    return false;
  }
  ownLists.add(resolved);
  return true;
};

/**
 * Writes the checked list into a FIFO made by `makeConcatFifo`; closing it ends the reader's list.
 * Opening a FIFO to write waits for its reader, so a reader that is gone (`readerGone` settled:
 * the join's ffmpeg failed or was stopped) is stood in for by a reader of our own, and the write
 * goes nowhere instead of holding a thread of Node's pool for ever.
 */
export const feedConcatList = async (
  listFile: string,
  entries: ConcatEntry[],
  readerGone: Promise<unknown>,
): Promise<void> => {
  if (!ownLists.has(path.resolve(listFile))) throw new Error(`${listFile} is not a list we made`);
  const text = await concatListText(listFile, entries);
  let waiting = true;
  const standIn = readerGone
    .catch(() => {})
    .then(() => (waiting ? open(listFile, constants.O_RDONLY | constants.O_NONBLOCK) : null))
    .catch(() => null);
  try {
    const writer = await open(listFile, constants.O_WRONLY);
    try {
      await writer.write(text);
    } catch {
      // The reader died while reading: the join's own error says why.
    } finally {
      await writer.close();
    }
  } finally {
    waiting = false;
    void standIn.then((reader) => reader?.close()).catch(() => {});
  }
};

/** Forgets a list once its join ran (the runner then refuses it). */
export const forgetConcatList = (listFile: string) => ownLists.delete(path.resolve(listFile));

/** Filters that read files or take commands: never in an input graph. */
const READING_FILTERS = /\b(?:a?movie|sendcmd|asendcmd|zmq|azmq)\b/;

const FILTER_OPTIONS = new Set([
  '-filter_complex',
  '-lavfi',
  '-vf',
  '-af',
  '-filter:v',
  '-filter:a',
]);

/**
 * Rewrites each `-i` of an ffmpeg command so it opens only what it may: a file by its sniffed
 * kind, our own concat list, a generator graph (lavfi without file-reading filters) or raw frames
 * on stdin. Anything else is refused before ffmpeg starts.
 */
export const guardInputs = async (args: readonly string[]): Promise<string[]> => {
  const out: string[] = [];
  let pending: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg !== '-i') {
      pending.push(arg);
      continue;
    }
    const target = args[++i];
    if (target === undefined) throw new MediaInputError('-i without an input');
    const at = pending.lastIndexOf('-f');
    const format = at >= 0 ? pending[at + 1] : undefined;
    const options = at >= 0 ? [...pending.slice(0, at), ...pending.slice(at + 2)] : pending;
    if (options.some((o) => o === '-safe' || o === '-protocol_whitelist')) {
      throw new MediaInputError('input options may not loosen the input rules');
    }
    if (format === 'lavfi') {
      if (READING_FILTERS.test(target)) {
        throw new MediaInputError('a generator graph may not read files');
      }
      out.push(...options, '-f', 'lavfi', '-i', target);
    } else if (target === 'pipe:0' || target === '-') {
      if (format !== 'rawvideo') throw new MediaInputError('stdin carries raw frames only');
      out.push(...options, '-f', 'rawvideo', '-protocol_whitelist', 'pipe', '-i', 'pipe:0');
    } else if (format === 'concat') {
      const list = path.resolve(target);
      if (!ownLists.has(list)) throw new MediaInputError('only our own concat lists are joined');
      out.push(
        ...options,
        ...['-f', 'concat', '-safe', '1', '-protocol_whitelist', 'file', '-i', `file:${list}`],
      );
    } else {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('file:')) {
        throw new MediaInputError('inputs are local files');
      }
      const file = target.startsWith('file:') ? target.slice('file:'.length) : target;
      const kind = await sniffFile(file);
      if (format !== undefined && !DEMUXER[kind].includes(format)) {
        throw new MediaInputError(`the input is ${kind}, not ${format}`);
      }
      out.push(...options, ...fileInputArgs(file, kind));
    }
    pending = [];
  }
  out.push(...pending);
  for (let i = 0; i + 1 < out.length; i++) {
    if (FILTER_OPTIONS.has(out[i]!) && READING_FILTERS.test(out[i + 1]!)) {
      throw new MediaInputError('a filter graph may not read files');
    }
  }
  return out;
};
