/**
 * Turns a character's still photograph into a short clip of the person moving naturally (a
 * hosted image-to-video model). Without one configured there is none, and a still character
 * keeps today's motion from the still.
 */
export type MotionGenerator = {
  /** The start-up log line: which model, and where the stills are sent. */
  describe: string;
  animate(input: {
    image: Buffer;
    contentType: string;
    /** What should happen in the clip: how the person moves, not who they are. */
    prompt: string;
    signal?: AbortSignal;
  }): Promise<{ body: Buffer; contentType: string }>;
};

/** Asks for UGC-style movement: small, natural, looking into the lens, no cuts. */
export const MOTION_PROMPT =
  'The person looks into the phone camera and talks naturally, with small head movements, ' +
  'blinks and a relaxed smile, holding what they hold; handheld phone footage, no cuts, ' +
  'no camera moves, no text.';
