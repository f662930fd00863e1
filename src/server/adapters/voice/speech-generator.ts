/**
 * Reads a hook aloud (decision 140): an OpenAI-compatible speech API. Without one configured
 * there is none, and the editor offers no voice.
 */
export type SpeechGenerator = {
  /** The start-up log line: which model and voice, and where the text is sent. */
  describe: string;
  speak(input: { text: string; signal?: AbortSignal }): Promise<{
    body: Buffer;
    contentType: string;
  }>;
};
