import type { TCharacterStylePreset } from '#contract/characters';

export type GeneratedImage = { body: Buffer; contentType: string };

/** Makes one square character image from a description and a style preset. */
export type ImageGenerator = {
  /** The start-up log line: which generator, and where it sends prompts. */
  describe: string;
  generate(input: {
    prompt: string;
    style: TCharacterStylePreset;
    size: number;
    signal?: AbortSignal;
  }): Promise<GeneratedImage>;
};
