import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

/**
 * Asks for an upload slot as the holder of `cookie` and PUTs the PNG into it, as the editor does;
 * returns the slot's answer and URL and the PUT's answer (attaching it to a signature is the caller's step).
 */
export async function putUpload(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  png: Buffer,
): Promise<{ slot: LightMyRequestResponse; uploadURL: string; put: LightMyRequestResponse }> {
  const slot = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
  const { uploadURL } = slot.json<{ uploadURL: string }>();
  const put = await t.app.inject({
    method: 'PUT',
    url: uploadURL,
    headers: { cookie, 'content-type': 'image/png' },
    payload: png,
  });
  return { slot, uploadURL, put };
}
