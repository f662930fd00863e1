import type { TRenderEdit, TRenderStatusResponse, TRenderSubmitResponse } from '#contract/render';
import { multipart, solidPng } from './multipart';
import type { ServerProcess } from './server-process';

type Seller = Record<string, string>;

/**
 * A render long enough to stop the server in the middle of: 20 s of 1080x1920 from two stills
 * (stills are encoded, never stream-copied, so ffmpeg stays busy), submitted with `key`.
 */
export const submitStillRender = async (
  server: ServerProcess,
  seller: Seller,
  { key, hook }: { key: string; hook: string },
) => {
  const hostImage = async (colour: string) => {
    const body = multipart([
      {
        field: 'image',
        filename: 'c.png',
        type: 'image/png',
        data: await solidPng(720, 1280, colour),
      },
    ]);
    return (await server.upload<{ url: string }>('/api/temp-images/upload', seller, body)).url;
  };
  const character = await hostImage('#2050a0');
  const product = await hostImage('#a02050');
  const edit: TRenderEdit = {
    timeline: {
      tracks: [
        { clips: [{ asset: { type: 'text', text: hook }, start: 0, length: 15 }] },
        {
          clips: [
            { asset: { type: 'image', src: character }, start: 0, length: 15 },
            { asset: { type: 'image', src: product }, start: 15, length: 5 },
          ],
        },
      ],
    },
    output: { format: 'mp4', size: { width: 1080, height: 1920 }, fps: 30 },
  };
  const submit = () =>
    server.ok<TRenderSubmitResponse>(
      'POST',
      `/api/shotstack/render?idempotencyKey=${encodeURIComponent(key)}`,
      seller,
      edit,
    );
  const { response } = await submit();
  return { id: response.id, submitAgain: submit };
};

/** The seller's view of a render's status. */
export const renderStatus = (server: ServerProcess, seller: Seller, id: string) =>
  server
    .ok<TRenderStatusResponse>('GET', `/api/shotstack/status/${id}`, seller)
    .then((r) => r.response);
