import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as FaceApiModule from '@vladmandic/face-api';
import type { FaceBox } from '#contract/hook-demo';

type FaceApi = typeof FaceApiModule;

const require = createRequire(import.meta.url);

/** The detector's model, shipped in the package's own `model/` folder (decision 139). */
const MODEL = 'tiny_face_detector_model';
/** Below this score a detection is not taken for a face. */
const MIN_SCORE = 0.5;
/** The detector's input: the frame's long side is scaled to this (a multiple of 32). */
const INPUT_SIZE = 416;

let loading: Promise<FaceApi> | null = null;

/**
 * face-api's build for Node on TensorFlow.js's WebAssembly backend (decision 139): no native
 * build, the .wasm and the weights come from npm. Loaded once per process, on first use (a
 * process that never checks a character never pays for it).
 */
const loadFaceApi = (): Promise<FaceApi> =>
  (loading ??= (async () => {
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    // The build re-exports all of TensorFlow.js; its types list only what face-api uses.
    const engine = faceapi.tf as unknown as {
      setBackend: (name: string) => Promise<boolean>;
      ready: () => Promise<void>;
    };
    await engine.setBackend('wasm');
    await engine.ready();
    const dir = path.join(
      path.dirname(require.resolve('@vladmandic/face-api/package.json')),
      'model',
    );
    const manifest = JSON.parse(
      await readFile(path.join(dir, `${MODEL}-weights_manifest.json`), 'utf8'),
    ) as { weights: Parameters<FaceApi['tf']['io']['decodeWeights']>[1] }[];
    const bin = await readFile(path.join(dir, `${MODEL}.bin`));
    const weights = faceapi.tf.io.decodeWeights(
      bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
      manifest.flatMap((group) => group.weights),
    );
    await faceapi.nets.tinyFaceDetector.loadFromWeightMap(weights);
    return faceapi;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  }));

/** One picture as packed 8-bit RGB, row after row. */
export type RgbFrame = { data: Uint8Array; width: number; height: number };

/**
 * The faces the detector finds in one frame, largest first, as fractions of the frame. The
 * detector's box runs from the brows to the chin.
 */
export const detectFaces = async (frame: RgbFrame): Promise<(FaceBox & { score: number })[]> => {
  const faceapi = await loadFaceApi();
  const input = faceapi.tf.tensor3d(frame.data, [frame.height, frame.width, 3], 'int32');
  try {
    const found = await faceapi.detectAllFaces(
      input,
      new faceapi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: MIN_SCORE }),
    );
    return found
      .map((d) => ({
        left: d.box.x / frame.width,
        top: d.box.y / frame.height,
        right: (d.box.x + d.box.width) / frame.width,
        bottom: (d.box.y + d.box.height) / frame.height,
        score: d.score,
      }))
      .sort(
        (a, b) => (b.right - b.left) * (b.bottom - b.top) - (a.right - a.left) * (a.bottom - a.top),
      );
  } finally {
    input.dispose();
  }
};

/**
 * The head the hook keeps clear of, from the detector's brows-to-chin box: raised by a third of
 * its height for the forehead and hair line, and a little wider and lower for ears and chin, as
 * the pre-made characters' boxes are drawn (decision 132).
 */
export const headBoxOf = (face: FaceBox): FaceBox => {
  const w = face.right - face.left;
  const h = face.bottom - face.top;
  const r4 = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10_000) / 10_000;
  return {
    left: r4(face.left - 0.05 * w),
    top: r4(face.top - 0.33 * h),
    right: r4(face.right + 0.05 * w),
    bottom: r4(face.bottom + 0.08 * h),
  };
};

/**
 * Where the character's head is over several frames of it (a clip moves): the union of the
 * largest face of each frame, as a head box; null when no frame shows a face (the fallback of
 * decision 132 then applies).
 */
export const findHeadBox = async (frames: RgbFrame[]): Promise<FaceBox | null> => {
  let union: FaceBox | null = null;
  for (const frame of frames) {
    const face = (await detectFaces(frame))[0];
    if (!face) continue;
    const head = headBoxOf(face);
    union = union
      ? {
          left: Math.min(union.left, head.left),
          top: Math.min(union.top, head.top),
          right: Math.max(union.right, head.right),
          bottom: Math.max(union.bottom, head.bottom),
        }
      : head;
  }
  return union;
};
