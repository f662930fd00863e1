import { z } from 'zod';
import { DEMO_PART_SECONDS } from './hook-demo';

/** A hook read aloud is at most this long (the long-hook refusal stops far below it). */
export const HOOK_VOICE_TEXT_MAX = 500;

/**
 * POST /api/voice/hook (decision 140): the hook read aloud by the configured voice, for the
 * character part of a Hook + Demo (`seconds` long: cut there, or padded with silence).
 */
export const ZHookVoiceRequest = z.object({
  text: z.string().trim().min(1, 'Enter a hook to read').max(HOOK_VOICE_TEXT_MAX),
  seconds: z.number().min(DEMO_PART_SECONDS.min).max(DEMO_PART_SECONDS.max),
});
export type THookVoiceRequest = z.infer<typeof ZHookVoiceRequest>;

/**
 * The reading as a WAV file of exactly `seconds`: `url` is a signed own-origin link, usable as a
 * render's `timeline.soundtrack.src` (it plays from the start, under the hook part).
 */
export const ZHookVoiceResponse = z.object({ url: z.string(), seconds: z.number() });
export type THookVoiceResponse = z.infer<typeof ZHookVoiceResponse>;
