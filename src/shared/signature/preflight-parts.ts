import type { SignatureManifest } from './signature-manifest';
import type { SignatureFields } from './signature-schema';

/**
 * What every part of the pre-flight checklist shares (preflight.ts runs it): the item and input
 * types, and the words and readings the image, link and size checks use alike.
 */

export type PreflightStatus = 'pass' | 'warn' | 'fail' | 'pending';

export type PreflightItem = {
  id:
    | 'size'
    | 'images-origin'
    | 'images-sharp'
    | 'images-alt'
    | 'image-left-out'
    | 'contrast-primary'
    | 'contrast-secondary'
    | 'links'
    | 'shorteners'
    | 'image-only'
    | 'reachable';
  status: PreflightStatus;
  title: string;
  /** What we found, in figures. */
  detail: string;
  /** How to fix it; '' when there is nothing to fix. */
  fix: string;
  /** A fix the panel can make in one press ("Apply"): the colour it suggests, as a design change. */
  apply?: { primaryColor: string } | { secondaryColor: string };
  /** The fix is the server's address (PUBLIC_URL), not the signature: the editor words it for the reader's role. */
  serverAddress?: true;
};

/** What the browser found when it loaded an image. */
export type ImageProbe =
  { state: 'loading' } | { state: 'error' } | { state: 'loaded'; naturalWidth: number; naturalHeight: number };

export type PreflightInput = {
  fields: SignatureFields;
  /** The export's render (what Copy to Gmail hands over): its HTML, images, links and stored length. */
  manifest: Pick<SignatureManifest, 'html' | 'images' | 'links' | 'storedLength'>;
  /** PUBLIC_URL: where every image should be served from. */
  publicOrigin: string;
  /** By image URL (as in SignatureImage.src); a missing entry counts as not yet loaded. */
  probes?: ReadonlyMap<string, ImageProbe>;
};

export type SignatureImage = { src: string; width: number; height: number; alt: string };

const IMG_TAG = /<img\b[^>]*>/gi;
const ENTITY = /&(amp|lt|gt|quot|#39|nbsp);/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
export const NUMBER = new Intl.NumberFormat('en-US');

export function decode(value: string): string {
  return value.replace(ENTITY, (_, name: string) => ENTITIES[name] ?? '');
}

const ATTRIBUTES = {
  src: /\ssrc="([^"]*)"/i,
  width: /\swidth="([^"]*)"/i,
  height: /\sheight="([^"]*)"/i,
  alt: /\salt="([^"]*)"/i,
};

function attribute(tag: string, name: keyof typeof ATTRIBUTES): string {
  const match = ATTRIBUTES[name].exec(tag);
  return match ? decode(match[1] ?? '') : '';
}

/** Every image of the rendered HTML with its display size and alt text. */
export function signatureImages(html: string): SignatureImage[] {
  return [...html.matchAll(IMG_TAG)].map(([tag]) => ({
    src: attribute(tag, 'src'),
    width: Number(attribute(tag, 'width')) || 0,
    height: Number(attribute(tag, 'height')) || 0,
    alt: attribute(tag, 'alt'),
  }));
}

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** A short name for an image in a sentence: its alt text, else its file name. */
export function imageName(image: SignatureImage): string {
  if (image.alt.trim() !== '') return image.alt.trim();
  const path = image.src.split(/[?#]/)[0] ?? '';
  return path.slice(path.lastIndexOf('/') + 1) || 'An image';
}

export function listNames(names: readonly string[]): string {
  const unique = [...new Set(names)];
  if (unique.length <= 3)
    return unique.length <= 1 ? unique.join('') : `${unique.slice(0, -1).join(', ')} and ${unique.at(-1) ?? ''}`;
  return `${unique.slice(0, 3).join(', ')} and ${unique.length - 3} more`;
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${NUMBER.format(count)} ${count === 1 ? one : many}`;
