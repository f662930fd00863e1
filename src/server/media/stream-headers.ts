import { open } from 'node:fs/promises';
import type { VideoProbe } from './probe-video';

/**
 * The H.264 stream headers of an MP4 file, read from the file itself: its `avcC` box (the
 * sequence and picture parameter sets a decoder is given once, ISO/IEC 14496-15 §5.3.3). Pieces
 * joined by the concat demuxer share the first piece's `avcC`, so a render may copy a stored clip
 * beside pieces it encodes only when the two carry the same bytes (docs/decisions/144).
 */
export type StreamHeaders = {
  /** The whole `avcC` box body, compared byte for byte. */
  config: Buffer;
  /** What the first picture parameter set says of the coding tools an encode must use to match. */
  picture: PictureTools;
};

/** The PPS flags x264 sets from its options (`cabac`, `8x8dct`, `weightp`). */
export type PictureTools = { cabac: boolean; transform8x8: boolean; weightedPrediction: boolean };

/** A `moov` larger than this is not one of our stored clips (a 30 s clip's is about 60 kB). */
const MAX_MOOV_BYTES = 16 * 1024 * 1024;
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);
/** A visual sample entry's fixed fields before its child boxes: 8 of every sample entry, 70 of its own (ISO/IEC 14496-12 §8.5.2, §12.1.3). */
const VISUAL_ENTRY_FIELDS = 8 + 70;

/** The stream headers of an MP4 file's H.264 track, or null when it has none we can read. */
export const readStreamHeaders = async (file: string): Promise<StreamHeaders | null> => {
  const moov = await readMoov(file);
  const config = moov ? findAvcConfig(moov) : null;
  if (!config) return null;
  const picture = pictureToolsOf(config);
  return picture ? { config, picture } : null;
};

export const sameStreamHeaders = (a: StreamHeaders | null, b: StreamHeaders | null) =>
  a !== null && b !== null && a.config.equals(b.config);

const readMoov = async (file: string): Promise<Buffer | null> => {
  const handle = await open(file, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const head = Buffer.alloc(16);
    let offset = 0;
    while (offset + 8 <= fileSize) {
      await handle.read(head, 0, 16, offset);
      let size = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      let headerSize = 8;
      if (size === 1) {
        size = Number(head.readBigUInt64BE(8));
        headerSize = 16;
      } else if (size === 0) {
        size = fileSize - offset;
      }
      if (size < headerSize) return null;
      if (type === 'moov') {
        if (size > MAX_MOOV_BYTES) return null;
        const body = Buffer.alloc(size - headerSize);
        await handle.read(body, 0, body.length, offset + headerSize);
        return body;
      }
      offset += size;
    }
    return null;
  } finally {
    await handle.close();
  }
};

/** The children of a box body: [type, body] in order. */
function* boxes(body: Buffer): Generator<[string, Buffer]> {
  let at = 0;
  while (at + 8 <= body.length) {
    let size = body.readUInt32BE(at);
    const type = body.toString('latin1', at + 4, at + 8);
    let headerSize = 8;
    if (size === 1 && at + 16 <= body.length) {
      size = Number(body.readBigUInt64BE(at + 8));
      headerSize = 16;
    } else if (size === 0) {
      size = body.length - at;
    }
    if (size < headerSize || at + size > body.length) return;
    yield [type, body.subarray(at + headerSize, at + size)];
    at += size;
  }
}

const findAvcConfig = (body: Buffer): Buffer | null => {
  for (const [type, child] of boxes(body)) {
    if (CONTAINERS.has(type)) {
      const found = findAvcConfig(child);
      if (found) return found;
    } else if (type === 'stsd' && child.length >= 8) {
      // A full box: version and flags, then the entry count, then the sample entries.
      for (const [entry, fields] of boxes(child.subarray(8))) {
        if (entry !== 'avc1' && entry !== 'avc3') continue;
        for (const [inner, config] of boxes(fields.subarray(VISUAL_ENTRY_FIELDS))) {
          if (inner === 'avcC') return Buffer.from(config);
        }
      }
    }
  }
  return null;
};

/** Reads the bits of a NAL unit's payload, its emulation-prevention bytes taken out. */
class Bits {
  private readonly bytes: number[] = [];
  private at = 0;
  constructor(nal: Buffer) {
    let zeros = 0;
    for (const byte of nal) {
      if (byte === 3 && zeros >= 2) {
        zeros = 0;
        continue;
      }
      zeros = byte === 0 ? zeros + 1 : 0;
      this.bytes.push(byte);
    }
  }
  bit(): number {
    const byte = this.bytes[this.at >> 3];
    if (byte === undefined) throw new RangeError('past the end');
    const value = (byte >> (7 - (this.at & 7))) & 1;
    this.at++;
    return value;
  }
  bits(n: number): number {
    let value = 0;
    for (let i = 0; i < n; i++) value = value * 2 + this.bit();
    return value;
  }
  /** Exp-Golomb, unsigned (H.264 §9.1). */
  ue(): number {
    let zeros = 0;
    while (this.bit() === 0) {
      if (++zeros > 31) throw new RangeError('bad exp-golomb code');
    }
    return 2 ** zeros - 1 + this.bits(zeros);
  }
  se(): number {
    const k = this.ue();
    return k % 2 ? (k + 1) / 2 : -k / 2;
  }
  /** Whether data remains before the RBSP's stop bit (H.264 §7.2 more_rbsp_data). */
  moreData(): boolean {
    const total = this.bytes.length * 8;
    if (this.at >= total) return false;
    let last = total - 1;
    while (last >= this.at && ((this.bytes[last >> 3]! >> (7 - (last & 7))) & 1) === 0) last--;
    return this.at < last;
  }
}

/**
 * The coding tools the first picture parameter set of an `avcC` names (H.264 §7.3.2.2). Only
 * what x264 writes is read: one slice group; a PPS using more is not one of ours.
 */
export const pictureToolsOf = (config: Buffer): PictureTools | null => {
  try {
    // configurationVersion, profile, compatibility, level, lengthSizeMinusOne, then the SPSs.
    let at = 5;
    const spsCount = config[at++]! & 0x1f;
    for (let i = 0; i < spsCount; i++) at += 2 + config.readUInt16BE(at);
    const ppsCount = config[at++]!;
    if (!ppsCount) return null;
    const length = config.readUInt16BE(at);
    const pps = new Bits(config.subarray(at + 2 + 1, at + 2 + length));
    pps.ue(); // pic_parameter_set_id
    pps.ue(); // seq_parameter_set_id
    const cabac = pps.bit() === 1;
    pps.bit(); // bottom_field_pic_order_in_frame_present_flag
    if (pps.ue() !== 0) return null; // num_slice_groups_minus1
    pps.ue(); // num_ref_idx_l0_default_active_minus1
    pps.ue(); // num_ref_idx_l1_default_active_minus1
    const weightedPrediction = pps.bit() === 1;
    pps.bits(2); // weighted_bipred_idc
    pps.se(); // pic_init_qp_minus26
    pps.se(); // pic_init_qs_minus26
    pps.se(); // chroma_qp_index_offset
    pps.bits(3); // deblocking control, constrained intra, redundant pic count
    const transform8x8 = pps.moreData() ? pps.bit() === 1 : false;
    return { cabac, transform8x8, weightedPrediction };
  } catch {
    return null;
  }
};

/**
 * What a render needs to know of an MP4 file, read from its `moov` in Node (decision 144, fifth
 * amendment): what ffprobe would say of its first picture and sound tracks, its stream headers,
 * and the mark a stored clip carries when it cannot have black bars (`NO_BARS_MARK`). Null when
 * the header is not one this reads whole (another codec, a rotation, a QuickTime sound entry,
 * `moov` after a huge `mdat`): the caller asks ffprobe then.
 */
export type Mp4Header = {
  probe: VideoProbe;
  headers: StreamHeaders | null;
  /** The file's `comment` tag (`©cmt` in `moov/udta/meta/ilst`), or null. */
  comment: string | null;
};

/** ffprobe's name for the demuxer every MP4 and MOV is opened with (decision 070). */
const MOV_FORMAT_NAME = 'mov,mp4,m4a,3gp,3g2,mj2';

export const readMp4Header = async (file: string): Promise<Mp4Header | null> => {
  const moov = await readMoov(file).catch(() => null);
  if (!moov) return null;
  try {
    return headerOf(moov);
  } catch {
    return null;
  }
};

const child = (body: Buffer, type: string) => {
  for (const [found, inner] of boxes(body)) if (found === type) return inner;
  return null;
};

/** A full box's version, and the offset at which its fields start. */
const versionOf = (body: Buffer) => body[0]!;

/** Timescale and duration of an `mvhd` or `mdhd` (ISO/IEC 14496-12 §8.2.2, §8.4.2). */
const timing = (body: Buffer) =>
  versionOf(body) === 1
    ? { timescale: body.readUInt32BE(20), duration: Number(body.readBigUInt64BE(24)) }
    : { timescale: body.readUInt32BE(12), duration: body.readUInt32BE(16) };

const IDENTITY = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000];

/** Whether a `tkhd`'s matrix leaves the picture as it is (a phone's rotation is left to ffprobe). */
const unrotated = (tkhd: Buffer) => {
  const at = versionOf(tkhd) === 1 ? 4 + 32 + 16 : 4 + 20 + 16;
  return IDENTITY.every((value, i) => tkhd.readInt32BE(at + 4 * i) === value);
};

const headerOf = (moov: Buffer): Mp4Header | null => {
  const mvhd = child(moov, 'mvhd');
  if (!mvhd) return null;
  const movie = timing(mvhd);
  if (!movie.timescale) return null;
  let video: VideoProbe['video'] = null;
  let audio: VideoProbe['audio'] = null;
  let headers: StreamHeaders | null = null;
  for (const [type, trak] of boxes(moov)) {
    if (type !== 'trak') continue;
    const tkhd = child(trak, 'tkhd');
    const mdia = child(trak, 'mdia');
    const mdhd = mdia && child(mdia, 'mdhd');
    const hdlr = mdia && child(mdia, 'hdlr');
    const stbl = mdia && child(child(mdia, 'minf') ?? Buffer.alloc(0), 'stbl');
    const stsd = stbl && child(stbl, 'stsd');
    if (!tkhd || !mdhd || !hdlr || !stbl || !stsd) return null;
    const handler = hdlr.toString('latin1', 8, 12);
    const [entry, fields] = boxes(stsd.subarray(8)).next().value ?? [];
    if (!entry || !fields) return null;
    if (handler === 'vide' && !video) {
      if (entry !== 'avc1' && entry !== 'avc3') return null;
      if (!unrotated(tkhd)) return null;
      const config = child(fields.subarray(VISUAL_ENTRY_FIELDS), 'avcC');
      const sps = config && sequenceOf(config);
      if (!config || !sps) return null;
      const track = timing(mdhd);
      const stts = child(stbl, 'stts');
      if (!stts || !track.timescale || !track.duration) return null;
      let frames = 0;
      for (let i = 0, n = stts.readUInt32BE(4); i < n; i++) frames += stts.readUInt32BE(8 + 8 * i);
      video = {
        codec: 'h264',
        profile: sps.profile,
        pixFmt: sps.pixFmt,
        width: sps.width,
        height: sps.height,
        fps: (frames * track.timescale) / track.duration,
      };
      const picture = pictureToolsOf(config);
      headers = picture ? { config: Buffer.from(config), picture } : null;
    } else if (handler === 'soun' && !audio) {
      if (entry !== 'mp4a' || fields.readUInt16BE(8) !== 0) return null;
      const sound = aacOf(child(fields.subarray(28), 'esds'));
      if (!sound) return null;
      audio = { codec: 'aac', ...sound };
    }
  }
  return {
    probe: {
      container: MOV_FORMAT_NAME,
      durationSec: movie.duration / movie.timescale,
      video,
      audio,
    },
    headers,
    comment: commentOf(moov),
  };
};

/** ffprobe's names of the H.264 profiles (libavcodec's `ff_h264_profiles`). */
const PROFILE_NAMES: Record<number, string> = {
  66: 'Baseline',
  77: 'Main',
  88: 'Extended',
  100: 'High',
  110: 'High 10',
  122: 'High 4:2:2',
  244: 'High 4:4:4 Predictive',
};
const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

/**
 * The size, profile and pixel format the first sequence parameter set of an `avcC` says
 * (H.264 §7.3.2.1.1, E.1.1): the picture's cropped size and, for ffprobe's `yuvj420p`, whether
 * it is full range.
 */
const sequenceOf = (config: Buffer) => {
  try {
    if ((config[5]! & 0x1f) < 1) return null;
    const length = config.readUInt16BE(6);
    const sps = new Bits(config.subarray(8 + 1, 8 + length));
    const profileIdc = sps.bits(8);
    const constraints = sps.bits(8);
    sps.bits(8); // level_idc
    sps.ue(); // seq_parameter_set_id
    let chroma = 1;
    let depth = 8;
    if (HIGH_PROFILES.has(profileIdc)) {
      chroma = sps.ue();
      if (chroma === 3) sps.bit(); // separate_colour_plane_flag
      depth = sps.ue() + 8;
      sps.ue(); // bit_depth_chroma_minus8
      sps.bit(); // qpprime_y_zero_transform_bypass_flag
      if (sps.bit()) {
        for (let i = 0; i < (chroma !== 3 ? 8 : 12); i++) {
          if (!sps.bit()) continue;
          let last = 8;
          let next = 8;
          for (let j = 0; j < (i < 6 ? 16 : 64); j++) {
            if (next !== 0) next = (last + sps.se() + 256) % 256;
            last = next === 0 ? last : next;
          }
        }
      }
    }
    sps.ue(); // log2_max_frame_num_minus4
    const pocType = sps.ue();
    if (pocType === 0) sps.ue();
    else if (pocType === 1) {
      sps.bit();
      sps.se();
      sps.se();
      for (let i = 0, n = sps.ue(); i < n; i++) sps.se();
    }
    sps.ue(); // max_num_ref_frames
    sps.bit(); // gaps_in_frame_num_value_allowed_flag
    const widthMbs = sps.ue() + 1;
    const heightUnits = sps.ue() + 1;
    const frameMbsOnly = sps.bit();
    if (!frameMbsOnly) sps.bit(); // mb_adaptive_frame_field_flag
    sps.bit(); // direct_8x8_inference_flag
    const crop = sps.bit() ? [sps.ue(), sps.ue(), sps.ue(), sps.ue()] : [0, 0, 0, 0];
    let fullRange = false;
    if (sps.bit()) {
      if (sps.bit() && sps.bits(8) === 255) sps.bits(32); // aspect_ratio_info
      if (sps.bit()) sps.bit(); // overscan
      if (sps.bit()) {
        sps.bits(3); // video_format
        fullRange = sps.bit() === 1;
      }
    }
    const unitX = chroma === 1 || chroma === 2 ? 2 : 1;
    const unitY = (chroma === 1 ? 2 : 1) * (2 - frameMbsOnly);
    const base = ['gray', 'yuv420p', 'yuv422p', 'yuv444p'][chroma] ?? '';
    const named =
      profileIdc === 66 && constraints & 0x40
        ? 'Constrained Baseline'
        : (PROFILE_NAMES[profileIdc] ?? '');
    return {
      profile: named,
      pixFmt:
        depth !== 8
          ? `${base}${depth}le`
          : fullRange && base.startsWith('yuv')
            ? `yuvj${base.slice(3)}`
            : base,
      width: widthMbs * 16 - unitX * (crop[0]! + crop[1]!),
      height: heightUnits * 16 * (2 - frameMbsOnly) - unitY * (crop[2]! + crop[3]!),
    };
  } catch {
    return null;
  }
};

const SAMPLE_RATES = [
  96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350,
];
const CHANNELS = [0, 1, 2, 3, 4, 5, 6, 8];

/** An `esds`'s descriptor: its tag, and its body (ISO/IEC 14496-1 §8.3.3 sizes). */
const descriptor = (bytes: Buffer, at: number) => {
  const tag = bytes[at++]!;
  let size = 0;
  for (let i = 0; i < 4; i++) {
    const byte = bytes[at++]!;
    size = (size << 7) | (byte & 0x7f);
    if (!(byte & 0x80)) break;
  }
  return { tag, body: bytes.subarray(at, at + size) };
};

/** An AAC track's sample rate and channels, from the AudioSpecificConfig a decoder is given. */
const aacOf = (esds: Buffer | null) => {
  try {
    if (!esds) return null;
    const es = descriptor(esds, 4);
    if (es.tag !== 0x03) return null;
    const flags = es.body[2]!;
    let at = 3;
    if (flags & 0x80) at += 2;
    if (flags & 0x40) at += 1 + es.body[at]!;
    if (flags & 0x20) at += 2;
    const decoder = descriptor(es.body, at);
    // MPEG-4 audio, and MPEG-2 AAC's three profiles: ffprobe's "aac".
    if (decoder.tag !== 0x04 || ![0x40, 0x66, 0x67, 0x68].includes(decoder.body[0]!)) return null;
    const specific = descriptor(decoder.body, 13);
    if (specific.tag !== 0x05) return null;
    const asc = new Bits(specific.body);
    if (asc.bits(5) === 31) return null;
    const rateIndex = asc.bits(4);
    const sampleRate = rateIndex === 15 ? asc.bits(24) : SAMPLE_RATES[rateIndex];
    const channels = CHANNELS[asc.bits(4)];
    return sampleRate && channels ? { sampleRate, channels } : null;
  } catch {
    return null;
  }
};

/** The `comment` tag ffmpeg writes into `moov/udta/meta/ilst` as `©cmt`. */
const commentOf = (moov: Buffer): string | null => {
  const meta = child(child(moov, 'udta') ?? Buffer.alloc(0), 'meta');
  const ilst = meta && child(meta.subarray(4), 'ilst');
  const item = ilst && child(ilst, '\u00a9cmt');
  const data = item && child(item, 'data');
  return data && data.length >= 8 ? data.toString('utf8', 8) : null;
};
