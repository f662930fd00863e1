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
