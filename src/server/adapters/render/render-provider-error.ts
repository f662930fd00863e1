/** A refusal or failure of a rendering service's API; `permanent` when sending it again cannot help. */
export class RenderProviderError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'RenderProviderError';
  }
}
