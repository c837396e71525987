/**
 * Where a signature image comes from and how big it is drawn, decided from its stored URL alone
 * (decision 0070). The server stores every image once per shape, each file already in the shape
 * and proportions it is shown with; the file name carries the display size, so the renderer
 * (pure, no I/O) knows the geometry and picks the file for the chosen shape and Animate setting.
 *
 *   <id>-<W>x<H>[a].<png|jpg>   the logo: whole, fitted in LOGO_BOX, W x H display pixels
 *   <id>-<W>x<H>[a]-q.<ext>     the photo cropped square           (ext of the logo)
 *   <id>-<W>x<H>[a]-r.png       the photo with rounded corners cut in (transparent PNG)
 *   <id>-<W>x<H>[a]-o.png       the photo cut round                   (transparent PNG)
 *   ...same names with .gif     the animated versions ('a': the source was an animated GIF)
 *
 * Every file holds IMAGE_DENSITY x its display size when the source had the pixels.
 */
import type { PhotoShape } from './signature-schema';

/** Logos are fitted inside this box, proportions kept. */
export const LOGO_BOX = { width: 160, height: 80 } as const;
/** Photos are cropped square and shown at this size. */
export const PHOTO_SIZE = 80;
/** Files hold twice their display size, for high-density screens. */
export const IMAGE_DENSITY = 2;
/** The corner radius of a 'rounded' photo, in display pixels. */
export const ROUNDED_RADIUS = 8;
/** Images whose width/height is within these bounds are photos: cropped square, in the chosen shape. */
export const PHOTO_ASPECT_MIN = 0.8;
export const PHOTO_ASPECT_MAX = 1.25;
/** Stored images and signatures older than decision 0070 carry no size: drawn this wide, height from the file. */
export const UNKNOWN_IMAGE_WIDTH = 80;

export type ImageFormat = 'png' | 'jpg' | 'gif';
export type ImageVariant = 'logo' | 'q' | 'r' | 'o';
export type StoredImageName = { id: string; width: number; height: number; animated: boolean; ext: 'png' | 'jpg' };

const STORED_NAME = /^([a-z2-7]{20})-([1-9]\d{0,2})x([1-9]\d{0,2})(a?)\.(png|jpg)$/;
/** Any file of a stored image: its logo (the name kept in photoUrl) or one of its variants. */
export const STORED_FILE_NAME = /^[a-z2-7]{20}-[1-9]\d{0,2}x[1-9]\d{0,2}a?(?:-[qro])?\.(?:png|jpg|gif)$/;
const SHAPE_VARIANT: Readonly<Record<string, ImageVariant>> = { square: 'q', rounded: 'r' };

export function storedImageName(image: StoredImageName): string {
  return `${image.id}-${image.width}x${image.height}${image.animated ? 'a' : ''}.${image.ext}`;
}

/** The stored image a file name (or the last segment of a URL) names, or null for any other image. */
export function parseStoredImageName(name: string): StoredImageName | null {
  const match = STORED_NAME.exec(name);
  if (!match) return null;
  const [, id = '', width = '', height = '', animated = '', ext = 'png'] = match;
  return { id, width: Number(width), height: Number(height), animated: animated === 'a', ext: ext as 'png' | 'jpg' };
}

/** The file name of one variant; animated only when the source was animated. */
export function variantFileName(image: StoredImageName, variant: ImageVariant, animated: boolean): string {
  const stem = `${image.id}-${image.width}x${image.height}${image.animated ? 'a' : ''}`;
  const suffix = variant === 'logo' ? '' : `-${variant}`;
  let ext: ImageFormat = variant === 'r' || variant === 'o' ? 'png' : image.ext;
  if (animated && image.animated) ext = 'gif';
  return `${stem}${suffix}.${ext}`;
}

/** Every file stored for an image, for deletion. */
export function allVariantFileNames(image: StoredImageName): string[] {
  const variants: ImageVariant[] = ['logo', 'q', 'r', 'o'];
  const names = variants.map((variant) => variantFileName(image, variant, false));
  if (image.animated) names.push(...variants.map((variant) => variantFileName(image, variant, true)));
  return names;
}

/** Photo (square-ish, cropped to the shape) or logo (whole), from the display proportions. */
export function isPhotoShaped(width: number, height: number): boolean {
  const aspect = width / height;
  return aspect >= PHOTO_ASPECT_MIN && aspect <= PHOTO_ASPECT_MAX;
}

/** The logo's display size: the source fitted in LOGO_BOX, at least 1 pixel each way. */
export function fitLogo(sourceWidth: number, sourceHeight: number): { width: number; height: number } {
  const scale = Math.min(LOGO_BOX.width / sourceWidth, LOGO_BOX.height / sourceHeight);
  return {
    width: Math.min(LOGO_BOX.width, Math.max(1, Math.round(sourceWidth * scale))),
    height: Math.min(LOGO_BOX.height, Math.max(1, Math.round(sourceHeight * scale))),
  };
}

/** What an <img> shows: the URL of the right file and its display size (height null when unknown). */
export type ImageGeometry = { src: string; width: number; height: number | null; kind: 'photo' | 'logo' | 'unknown' };

/**
 * The file and display size for an image URL (already absolute and checked), the photo shape and
 * the Animate setting. An URL that is not a stored image (an older upload, an address typed
 * before re-hosting) is drawn UNKNOWN_IMAGE_WIDTH wide with its own proportions.
 */
export function imageGeometry(src: string, shape: PhotoShape | string, animate: boolean): ImageGeometry {
  const queryAt = src.search(/[?#]/);
  const path = queryAt === -1 ? src : src.slice(0, queryAt);
  const slash = path.lastIndexOf('/');
  const image = parseStoredImageName(path.slice(slash + 1));
  if (!image || queryAt !== -1) return { src, width: UNKNOWN_IMAGE_WIDTH, height: null, kind: 'unknown' };
  const base = path.slice(0, slash + 1);
  if (!isPhotoShaped(image.width, image.height)) {
    return {
      src: base + variantFileName(image, 'logo', animate),
      width: image.width,
      height: image.height,
      kind: 'logo',
    };
  }
  // The spec: "square, rounded, otherwise round".
  // Own keys only: a stored shape such as 'toString' must not reach Object.prototype; anything but
  // square and rounded is round (spec §3).
  const variant = Object.hasOwn(SHAPE_VARIANT, shape) ? SHAPE_VARIANT[shape]! : 'o';
  return { src: base + variantFileName(image, variant, animate), width: PHOTO_SIZE, height: PHOTO_SIZE, kind: 'photo' };
}
