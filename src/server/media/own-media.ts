import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** A file of this site's own media, whole (the server reads it; no ranges). */
export type OwnMediaFile = { body: Buffer; contentType: string };

/**
 * Reads one file under a prefix: `rest` is the decoded path after the prefix, `query` the link's
 * query. The same checks as the route that serves it (capability, signature, expiry, owner);
 * null for anything that route would not answer with 200.
 */
export type OwnMediaReader = (rest: string, query: URLSearchParams) => Promise<OwnMediaFile | null>;

export type OwnMedia = {
  /**
   * Adds the reader of a media route. `oneSegment` (the default) matches what a `:file` route
   * matches: a rest with a slash belongs to no such route.
   */
  serve: (prefix: string, read: OwnMediaReader, options?: { oneSegment?: boolean }) => void;
  /** A path (with its query) of this site's media, read by storage key; null when unavailable. */
  read: (pathAndQuery: string) => Promise<OwnMediaFile | null>;
};

declare module 'fastify' {
  interface FastifyInstance {
    ownMedia: OwnMedia;
  }
}

/**
 * The one way server code reads media of its own site (renders fetching their inputs, the media
 * proxy, template thumbnails): each media route adds its reader here beside its route, and a
 * read goes to the reader of the longest matching prefix. No request is made to our own routes.
 */
export const createOwnMedia = (): OwnMedia => {
  const readers: { prefix: string; read: OwnMediaReader; oneSegment: boolean }[] = [];
  return {
    serve: (prefix, read, { oneSegment = true } = {}) => {
      readers.push({ prefix, read, oneSegment });
      readers.sort((a, b) => b.prefix.length - a.prefix.length);
    },
    read: async (pathAndQuery) => {
      const url = new URL(pathAndQuery, 'http://own.invalid');
      const reader = readers.find((r) => url.pathname.startsWith(r.prefix));
      if (!reader) return null;
      let rest: string;
      try {
        rest = decodeURIComponent(url.pathname.slice(reader.prefix.length));
      } catch {
        return null;
      }
      if (!rest || (reader.oneSegment && rest.includes('/'))) return null;
      return reader.read(rest, url.searchParams);
    },
  };
};

/** The types the static file routes answer for the files they serve (as @fastify/static would). */
const FILE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
};

/** A file of a folder the server fills itself (a name its route checked), or null when empty. */
export const readFolderFile = async (dir: string, file: string): Promise<OwnMediaFile | null> => {
  try {
    const body = await readFile(path.join(dir, file));
    if (body.length === 0) return null;
    return {
      body,
      contentType: FILE_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    };
  } catch {
    return null;
  }
};

/** Whether the query holds no parameter but these (a strict route answers 400 to others). */
export const onlyParams = (query: URLSearchParams, names: string[]) =>
  [...query.keys()].every((name) => names.includes(name));

/** Adds a route's reader to the app's own media; an app without it (a route's own test) skips. */
export const serveOwnMedia = (
  app: FastifyInstance,
  prefix: string,
  read: OwnMediaReader,
  options?: { oneSegment?: boolean },
) => {
  if (app.hasDecorator('ownMedia')) app.ownMedia.serve(prefix, read, options);
};
