import { RenderProviderError } from './render-provider-error';
import type { TRenderStatus } from '#contract/render';
import { RENDER_STATUSES } from '#contract/render';

/** Shotstack's answer about one render (RenderResponseData in Shotstack's API reference). */
export type ShotstackRender = {
  id: string;
  status: TRenderStatus;
  url: string | null;
  error: string | null;
};

/** A refusal or failure of Shotstack's API; `permanent` when sending it again cannot help. */
export class ShotstackError extends RenderProviderError {
  constructor(
    message: string,
    readonly status: number,
    permanent: boolean,
  ) {
    super(message, permanent);
    this.name = 'ShotstackError';
  }
}

type Envelope = {
  success?: boolean;
  message?: string;
  response?: {
    id?: string;
    message?: string;
    status?: string;
    url?: string | null;
    error?: string | null;
  };
};

const TIMEOUT_MS = 20_000;

/**
 * Shotstack's Edit API (stage or v1, decision 034): POST /render queues an edit, GET
 * /render/{id} reads its status. Every call carries the `x-api-key` header, which never leaves
 * the server.
 */
export const createShotstackClient = ({ apiKey, baseUrl }: { apiKey: string; baseUrl: string }) => {
  const call = async (method: 'GET' | 'POST', path: string, body?: object): Promise<Envelope> => {
    let res: Response;
    try {
      res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          'x-api-key': apiKey,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ShotstackError(`Shotstack did not answer: ${(error as Error).message}`, 0, false);
    }
    const text = await res.text();
    let json: Envelope = {};
    try {
      json = JSON.parse(text) as Envelope;
    } catch {
      // A proxy's HTML error page: the status says enough.
    }
    if (!res.ok) {
      const why = json.response?.error ?? json.message ?? `HTTP ${res.status}`;
      // 429 and 5xx pass; any other 4xx is about this edit or this key and will not.
      const permanent = res.status >= 400 && res.status < 500 && res.status !== 429;
      throw new ShotstackError(`Shotstack refused the render: ${why}`, res.status, permanent);
    }
    return json;
  };

  return {
    submit: async (edit: object): Promise<string> => {
      const json = await call('POST', '/render', edit);
      const id = json.response?.id;
      if (!id) throw new ShotstackError('Shotstack answered without a render id', 502, false);
      return id;
    },
    status: async (id: string): Promise<ShotstackRender> => {
      const json = await call('GET', `/render/${encodeURIComponent(id)}?data=false`);
      const status = json.response?.status;
      if (!status || !(RENDER_STATUSES as readonly string[]).includes(status)) {
        throw new ShotstackError(`Shotstack answered an unknown status ${status}`, 502, false);
      }
      return {
        id,
        status: status as TRenderStatus,
        url: json.response?.url ?? null,
        error: json.response?.error ?? null,
      };
    },
  };
};

export type ShotstackClient = ReturnType<typeof createShotstackClient>;
