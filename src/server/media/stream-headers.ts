import { open } from 'node:fs/promises';

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
