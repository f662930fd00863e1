import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export type FfmpegSource = 'env' | 'path' | 'npm';

/** `Config['ffmpeg']`: FFMPEG_PATH and the system's search path, read by config.ts. */
export type FfmpegSettings = { path: string | null; searchPath: string };

export type ResolvedFfmpeg = {
  path: string;
  source: FfmpegSource;
};

const isExecutable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

// A stale or broken binary on PATH (missing shared libs after an upgrade) is worse than the bundled
// one, so a candidate only counts if it actually starts.
const runsVersion = (file: string): boolean => {
  const result = spawnSync(file, ['-hide_banner', '-version'], {
    stdio: 'ignore',
    timeout: 10_000,
  });
  return result.status === 0;
};

const findOnPath = (binary: string, searchPath: string): string | undefined => {
  const names = process.platform === 'win32' ? [`${binary}.exe`, binary] : [binary];
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const candidate = path.join(dir, name);
      if (isExecutable(candidate) && runsVersion(candidate)) return candidate;
    }
  }
  return undefined;
};

const resolveUncached = async (settings: FfmpegSettings): Promise<ResolvedFfmpeg> => {
  const fromEnv = settings.path;
  if (fromEnv) {
    // An explicit setting that does not work is a configuration error; silently using another
    // build would hide it until a render behaves differently.
    if (!isExecutable(fromEnv)) {
      throw new Error(`FFMPEG_PATH is set to ${fromEnv}, but that file is not an executable`);
    }
    return { path: fromEnv, source: 'env' };
  }

  const onPath = findOnPath('ffmpeg', settings.searchPath);
  if (onPath) return { path: onPath, source: 'path' };

  try {
    const installer = (await import('@ffmpeg-installer/ffmpeg')).default;
    if (isExecutable(installer.path)) return { path: installer.path, source: 'npm' };
  } catch {
    // The package throws a plain string on unsupported platforms; the error below says more.
  }
  throw new Error(
    'ffmpeg not found: set FFMPEG_PATH, install ffmpeg on the PATH, or install @ffmpeg-installer/ffmpeg',
  );
};

const cache = new Map<string, Promise<ResolvedFfmpeg>>();

/**
 * Finds ffmpeg in this order: FFMPEG_PATH, then `ffmpeg` on PATH, then the binary
 * bundled in @ffmpeg-installer/ffmpeg (a 2018 build: keep filter graphs 4.1-compatible).
 */
export const resolveFfmpegInfo = (settings: FfmpegSettings): Promise<ResolvedFfmpeg> => {
  const key = JSON.stringify([settings.path, settings.searchPath]);
  let found = cache.get(key);
  if (!found) {
    found = resolveUncached(settings).catch((error: unknown) => {
      // Let a later call retry, e.g. after the operator fixes FFMPEG_PATH in a long-lived process.
      cache.delete(key);
      throw error;
    });
    cache.set(key, found);
  }
  return found;
};

/** Absolute path (or the configured path) of the ffmpeg binary to use. */
export const resolveFfmpeg = async (settings: FfmpegSettings): Promise<string> =>
  (await resolveFfmpegInfo(settings)).path;
