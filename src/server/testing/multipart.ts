import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** One file part of a multipart request; the field defaults to `images`, the type to PNG. */
export type FilePart = { field?: string; filename: string; type?: string; data: Buffer };

/** A multipart/form-data body for `app.inject`, built by hand so tests control every byte. */
export const multipart = (parts: FilePart[]) => {
  const boundary = '----hookreel-test-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'images'}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'image/png'}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** A real PNG of one colour. */
export const solidPng = (width = 64, height = 64, background = '#e11d74') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A PNG whose header declares `width`×`height` but holds no pixels: a decompression bomb's
 * first bytes, a few dozen on disk. Sniffing says PNG; only a pixel-count check stops it.
 */
export const pngDeclaring = (width: number, height: number) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};
