import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An HTML page held in memory with its brotli and gzip forms, compressed once at start-up. */
export type CompressedPage = { html: Buffer; br: Buffer; gzip: Buffer };

export function compressPage(html: string): CompressedPage {
  const raw = Buffer.from(html);
  return {
    html: raw,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(raw, { level: 9 }),
  };
}

/** Sends the smallest form the browser accepts (no quality weighting: every browser takes both). */
export function sendCompressedPage(request: FastifyRequest, reply: FastifyReply, page: CompressedPage, status: number) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.code(status).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}
