import type { Storage } from '../../adapters/storage/storage';

/**
 * Reads the bytes of a slide image a campaign item holds, for rendering on the server: library
 * and user images through the image library (with its capability check), the user's own stored
 * files by their key (a product photo's signed link may have expired since the plan was
 * written; the key is only read inside the user's own folder), inline images, and anything else
 * through the SSRF-guarded media reader.
 */
export const createSlideImageReader =
  (deps: {
    storage: Pick<Storage, 'get'>;
    readLibraryImage: (url: string) => Promise<Buffer | null>;
    readMedia: (url: string, accept: string[]) => Promise<{ body: Buffer }>;
    appUrl: string;
  }) =>
  async (userId: string, url: string): Promise<Buffer> => {
    const inline = /^data:image\/[a-z+.-]+;base64,(.+)$/i.exec(url);
    if (inline) return Buffer.from(inline[1]!, 'base64');
    const library = await deps.readLibraryImage(url);
    if (library) return library;
    const absolute = new URL(url, deps.appUrl);
    const own = `users/${userId}/`;
    const at = decodeURIComponent(absolute.pathname).indexOf(`/${own}`);
    if (absolute.pathname.startsWith('/files/') && at >= 0) {
      const key = decodeURIComponent(absolute.pathname).slice(at + 1);
      if (!key.includes('..')) {
        const stored = await deps.storage.get(key);
        if (stored) return stored.body;
      }
    }
    return (await deps.readMedia(absolute.toString(), ['image/'])).body;
  };

export type SlideImageReader = ReturnType<typeof createSlideImageReader>;
