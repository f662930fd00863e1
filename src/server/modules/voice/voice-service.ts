import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { THookVoiceRequest, THookVoiceResponse } from '#contract/voice';
import type { SpeechGenerator } from '../../adapters/voice/speech-generator';
import type { Storage } from '../../adapters/storage/storage';
import { AppError } from '../../errors';
import type { FfmpegSettings } from '../../media/ffmpeg-path';
import { resolveFfmpeg } from '../../media/ffmpeg-path';
import { runFfmpeg } from '../../media/run-ffmpeg';
import { makeWorkDir } from '../../media/work-dirs';
import type { FairUse } from '../ai';

/** A render is made within minutes of the reading; a week leaves room for a retried job. */
const LINK_SECONDS = 7 * 24 * 60 * 60;

const EXTENSION: Record<string, string> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
};

/**
 * The hook read aloud (decision 140): the voice model's audio, made exactly as long as the hook
 * part (cut, or padded with silence, so it never runs under the product video), stored as the
 * user's file and answered as a signed link the render fetches like a product video.
 */
export const createVoiceService = ({
  speech,
  storage,
  ffmpeg,
  fairUse,
}: {
  speech: SpeechGenerator;
  storage: Storage;
  ffmpeg: FfmpegSettings;
  fairUse: FairUse;
}) => ({
  readHook: (userId: string, input: THookVoiceRequest): Promise<THookVoiceResponse> =>
    fairUse.run(userId, async () => {
      const audio = await speech.speak({ text: input.text });
      const ext = EXTENSION[audio.contentType];
      if (!ext) {
        throw new AppError('ai_bad_output', 'The voice model answered audio we cannot read');
      }
      const dir = await makeWorkDir('video');
      try {
        const raw = path.join(dir, `speech.${ext}`);
        const out = path.join(dir, 'voice.wav');
        await writeFile(raw, audio.body);
        await runFfmpeg(await resolveFfmpeg(ffmpeg), [
          ...['-i', raw, '-vn', '-af', 'apad', '-t', String(input.seconds)],
          ...['-ac', '2', '-ar', '48000', '-c:a', 'pcm_s16le', '-f', 'wav', '-y', out],
        ]).catch(() => {
          throw new AppError('ai_bad_output', 'The voice model answered audio we cannot read');
        });
        const key = `users/${userId}/voice/${randomUUID()}.wav`;
        await storage.put(key, await readFile(out), 'audio/wav');
        return { url: await storage.signedUrl(key, LINK_SECONDS), seconds: input.seconds };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }),
});

export type VoiceService = ReturnType<typeof createVoiceService>;
