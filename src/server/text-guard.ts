import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasLoneSurrogate, hasNul } from '../shared/validation/text-hygiene';
import { AppError } from './errors';

/**
 * Every request's text is checked once, before any route sees it: a NUL
 * cannot be stored (PostgreSQL refuses it, which used to answer 500) and a lone surrogate would be
 * stored as U+FFFD. Both are refused with 400 and words, on every endpoint, in the body (JSON),
 * the query string and the path. Binary bodies (uploads, webhooks) are Buffers and are left alone.
 */
const MAX_DEPTH = 20;

type Found = { path: string; reason: 'nul' | 'surrogate' };

function check(value: string, path: string): Found | null {
  if (hasNul(value)) return { path, reason: 'nul' };
  if (hasLoneSurrogate(value)) return { path, reason: 'surrogate' };
  return null;
}

function findUnstorable(value: unknown, path: string, depth: number): Found | null {
  if (typeof value === 'string') return check(value, path);
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findUnstorable(value[index], path === '' ? String(index) : `${path}.${index}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const childPath = path === '' ? key : `${path}.${key}`;
    const found = check(key, childPath) ?? findUnstorable(child, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}

function message(found: Found): string {
  return found.reason === 'nul'
    ? 'Some of the text you sent contains a null character (U+0000), which cannot be stored. Please remove it and try again.'
    : 'Some of the text you sent contains a broken character (half of an emoji or symbol), which cannot be stored. Please retype it and try again.';
}

export async function refuseUnstorableText(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const found =
    findUnstorable(request.params, '', 0) ??
    findUnstorable(request.query, '', 0) ??
    findUnstorable(request.body, '', 0);
  if (!found) return;
  const words = message(found);
  throw new AppError('VALIDATION', words, { [found.path || 'body']: words });
}
