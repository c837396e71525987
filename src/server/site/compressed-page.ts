import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * An HTML page held in memory with its brotli and gzip forms. The compressed forms are made once,
 * off the main thread (zlib's thread pool), starting when the page is read: start-up does not wait
 * for them, and a request that comes before they are ready waits for its own page only.
 */
export type CompressedPage = { html: Buffer; br: Promise<Buffer>; gzip: Promise<Buffer> };

export function compressPage(html: string): CompressedPage {
  const raw = Buffer.from(html);
  const br = brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipAsync(raw, { level: 9 });
  // Failures surface when a request awaits them; until then they must not count as unhandled.
  br.catch(() => undefined);
  gz.catch(() => undefined);
  return { html: raw, br, gzip: gz };
}

/** Sends the smallest form the browser accepts (no quality weighting: every browser takes both). */
export async function sendCompressedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CompressedPage,
  status: number,
) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.code(status).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(await page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(await page.gzip);
  return reply.send(page.html);
}
