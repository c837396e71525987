import { randomUUID } from 'node:crypto';
import { tooMany } from '../../http';
import { invalid } from '../../errors';
import { safeFetch, type SafeFetchOptions } from '../../net/safe-fetch';
import type { LimitRule, RateLimiter } from '../../rate-limit/rate-limiter';
import type { ObjectStorage } from '../../storage/object-storage';
import { isOnOrigin } from '../../../shared/signature/url-normalise';
import { STORED_FILE_NAME } from '../../../shared/signature/image-geometry';
import { processImage, sniffImageType, unsupportedImageError, looksLikeSvg } from './image-processing';
import { DRIVE_NOT_SHARED_MESSAGE, DROPBOX_NOT_SHARED_MESSAGE, resolveShareLink } from './share-links';
import { LEGACY_IMAGE_NAME, logoFile, publicKeyFor, putFiles, resolutionNote, totalBytes } from './stored-images';
import type { UploadsRepository } from './uploads.repository';

const PUBLIC_PATH = /^\/objects\/([^/?#]+)$/;
const WEB_PAGE = /^\s*(?:<!doctype html|<html|<head|<body|<meta|<title)/i;

/** Typed addresses make this server fetch on a person's behalf: a few an hour is plenty for a signature. */
export const IMAGE_FETCH_LIMIT: LimitRule = { name: 'image-fetch', limit: 30, windowMs: 60 * 60_000 };

/**
 * Images saved by address: one of our own is recognised, any other is fetched once, safely
 * (rate-limited per person), and stored like an upload.
 */
export function createImageRehost(deps: {
  repository: UploadsRepository;
  storage: ObjectStorage;
  publicUrl?: string;
  fetchOptions?: SafeFetchOptions;
  limiter?: RateLimiter;
  fetchLimit?: LimitRule;
}) {
  const { repository, storage } = deps;

  /** The files behind a typed address: fetched once, safely, then stored like an upload. */
  async function rehostImageUrl(userId: string, imageURL: string): Promise<{ objectKey: string; note?: string }> {
    let typed: URL;
    try {
      typed = new URL(imageURL);
    } catch {
      throw invalid('Please enter a full image address, such as https://example.com/logo.png.');
    }
    const { url, service } = resolveShareLink(typed);
    if (deps.limiter) {
      const counted = await deps.limiter.hit(deps.fetchLimit ?? IMAGE_FETCH_LIMIT, userId);
      if (!counted.allowed) {
        const minutes = Math.max(1, Math.ceil(counted.retryAfterMs / 60_000));
        throw tooMany(
          counted.retryAfterMs,
          `You have added many images by address in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or upload the image.`,
        );
      }
    }
    const fetched = await safeFetch(url.href, deps.fetchOptions);
    if (fetched.bytes.length === 0) throw invalid('That address sent an empty file. Please check the image address.');
    if (!sniffImageType(fetched.bytes)) {
      if (looksLikeSvg(fetched.bytes)) throw unsupportedImageError(fetched.bytes);
      if (service === 'google-drive') throw invalid(DRIVE_NOT_SHARED_MESSAGE);
      if (service === 'dropbox') throw invalid(DROPBOX_NOT_SHARED_MESSAGE);
      if (WEB_PAGE.test(fetched.bytes.subarray(0, 512).toString('utf8'))) {
        throw invalid(
          'That address opens a web page, not an image. Right-click the image, choose Copy image address, and paste that address.',
        );
      }
      throw unsupportedImageError(fetched.bytes);
    }
    const processed = await processImage(fetched.bytes);
    await putFiles(storage, processed);
    const logo = logoFile(processed);
    const objectKey = publicKeyFor(processed.name);
    await repository.insertStoredUpload({
      id: randomUUID(),
      userId,
      objectKey,
      contentType: logo.contentType,
      width: logo.width,
      height: logo.height,
      bytes: totalBytes(processed),
    });
    return { objectKey, note: resolutionNote(processed) };
  }

  /** The public path of an address that already names one of our images, or null. */
  function ownImagePath(imageURL: string): string | null {
    const onOrigin = deps.publicUrl !== undefined && isOnOrigin(imageURL, deps.publicUrl);
    const path = onOrigin ? imageURL.slice(deps.publicUrl!.replace(/\/$/, '').length) : imageURL;
    const name = PUBLIC_PATH.exec(path)?.[1];
    if (!name || (!onOrigin && !imageURL.startsWith('/'))) return null;
    return STORED_FILE_NAME.test(name) || LEGACY_IMAGE_NAME.test(name) ? `/objects/${name}` : null;
  }

  return { rehostImageUrl, ownImagePath };
}
