/**
 * Where a signature image comes from and how big it is drawn, decided from its stored URL alone
 * (decisions 0070 and 0170). The server stores every image once per shape, each file already in the
 * shape and proportions it is shown with; the file name carries the display size, so the renderer
 * (pure, no I/O) knows the geometry and picks the file for the chosen shape and Animate setting.
 *
 *   <id>-<W>x<H>[p<P>][a][h].<png|jpg>   the logo: whole, fitted in LOGO_BOX, W x H display pixels
 *   <stem>-q.<ext>     the photo cropped square           (ext of the logo)
 *   <stem>-r.png       the photo with rounded corners cut in (transparent PNG)
 *   <stem>-o.png       the photo cut round                   (transparent PNG)
 *   ...same names with .gif     the animated versions ('a': the source was an animated GIF)
 *   ...same names with -h       the still versions with a light halo baked in ('h': they exist)
 *   ...and the .gif ones with -h   the animated versions with a one-bit halo ('g': they exist)
 *
 * 'p<P>': the photo is shown P x P (under PHOTO_SIZE, because the source has fewer pixels); without
 * it the photo is PHOTO_SIZE. Every file holds between 1x and IMAGE_DENSITY x its display size: as
 * many pixels as the source has, up to 2x; a source is never drawn larger than it is.
 */
import type { PhotoShape } from './signature-schema';

/** Logos are fitted inside this box, proportions kept, never enlarged. */
export const LOGO_BOX = { width: 160, height: 80 } as const;
/** Photos are cropped square and shown at this size (smaller when the source is smaller). */
export const PHOTO_SIZE = 80;
/** Files hold up to twice their display size, for high-density screens. */
export const IMAGE_DENSITY = 2;
/** An image that cannot be shown this big at 1x is refused: it would be an unreadable speck. */
export const MIN_DISPLAY_SIZE = 40;
/** The corner radius of a 'rounded' photo, in display pixels. */
export const ROUNDED_RADIUS = 8;
/** Images whose width/height is within these bounds are photos: cropped square, in the chosen shape. */
export const PHOTO_ASPECT_MIN = 0.8;
export const PHOTO_ASPECT_MAX = 1.25;
/** Stored images and signatures older than decision 0070 carry no size: drawn this wide, height from the file. */
export const UNKNOWN_IMAGE_WIDTH = 80;

export type ImageFormat = 'png' | 'jpg' | 'gif';
export type ImageVariant = 'logo' | 'q' | 'r' | 'o';
export type StoredImageName = {
  id: string;
  width: number;
  height: number;
  /** The photo's display side when under PHOTO_SIZE; absent means PHOTO_SIZE. */
  photo?: number;
  animated: boolean;
  /** True when halo versions of the still files were stored (decision 0171). */
  halo?: boolean;
  /** True when halo versions of the animated files were stored too (decision 0167). */
  haloGif?: boolean;
  ext: 'png' | 'jpg';
};

const STEM = String.raw`([a-z2-7]{20})-([1-9]\d{0,2})x([1-9]\d{0,2})(?:p([1-9]\d?))?(a?)(h?)(g?)`;
const STORED_NAME = new RegExp(`^${STEM}\\.(png|jpg)$`);
/** Any file of a stored image: its logo (the name kept in photoUrl) or one of its variants. */
export const STORED_FILE_NAME =
  /^[a-z2-7]{20}-[1-9]\d{0,2}x[1-9]\d{0,2}(?:p[1-9]\d?)?a?h?g?(?:-[qro])?(?:-h)?\.(?:png|jpg|gif)$/;
const SHAPE_VARIANT: Readonly<Record<string, ImageVariant>> = { square: 'q', rounded: 'r' };

function stemOf(image: StoredImageName): string {
  const photo = image.photo !== undefined && image.photo < PHOTO_SIZE ? `p${image.photo}` : '';
  return `${image.id}-${image.width}x${image.height}${photo}${image.animated ? 'a' : ''}${image.halo ? 'h' : ''}${image.haloGif ? 'g' : ''}`;
}

export function storedImageName(image: StoredImageName): string {
  return `${stemOf(image)}.${image.ext}`;
}

/** The stored image a file name (or the last segment of a URL) names, or null for any other image. */
export function parseStoredImageName(name: string): StoredImageName | null {
  const match = STORED_NAME.exec(name);
  if (!match) return null;
  const [, id = '', width = '', height = '', photo, animated = '', halo = '', haloGif = '', ext = 'png'] = match;
  const image: StoredImageName = {
    id,
    width: Number(width),
    height: Number(height),
    animated: animated === 'a',
    ext: ext as 'png' | 'jpg',
  };
  if (photo !== undefined) image.photo = Number(photo);
  if (halo === 'h') image.halo = true;
  if (haloGif === 'g') image.haloGif = true;
  return image;
}

/**
 * The file name of one variant; animated only when the source was animated, with the halo only
 * when the image has halo files of that kind (GIF halos came later, decision 0167: images stored
 * before have still halos only, and their animated files stay without).
 */
export function variantFileName(
  image: StoredImageName,
  variant: ImageVariant,
  animated: boolean,
  halo = false,
): string {
  const suffix = variant === 'logo' ? '' : `-${variant}`;
  let ext: ImageFormat = variant === 'r' || variant === 'o' ? 'png' : image.ext;
  const moving = animated && image.animated;
  if (moving) ext = 'gif';
  const withHalo = halo && (moving ? image.haloGif === true : image.halo === true) ? '-h' : '';
  return `${stemOf(image)}${suffix}${withHalo}.${ext}`;
}

const VARIANTS: ImageVariant[] = ['logo', 'q', 'r', 'o'];

/** The stored image a photoUrl (path or address) names, or null for any other image. */
export function storedImageOf(photoUrl: string): StoredImageName | null {
  const path = photoUrl.split(/[?#]/)[0] ?? '';
  return parseStoredImageName(path.slice(path.lastIndexOf('/') + 1));
}

/** Every file stored for an image, for deletion. */
export function allVariantFileNames(image: StoredImageName): string[] {
  const names = VARIANTS.map((variant) => variantFileName(image, variant, false));
  if (image.halo) names.push(...VARIANTS.map((variant) => variantFileName(image, variant, false, true)));
  if (image.animated) names.push(...VARIANTS.map((variant) => variantFileName(image, variant, true)));
  if (image.animated && image.haloGif)
    names.push(...VARIANTS.map((variant) => variantFileName(image, variant, true, true)));
  return names;
}

/** Photo (square-ish, cropped to the shape) or logo (whole), from the display proportions. */
export function isPhotoShaped(width: number, height: number): boolean {
  const aspect = width / height;
  return aspect >= PHOTO_ASPECT_MIN && aspect <= PHOTO_ASPECT_MAX;
}

/** The logo's display size: the source fitted in LOGO_BOX, never larger than the source, at least 1 pixel. */
export function fitLogo(sourceWidth: number, sourceHeight: number): { width: number; height: number } {
  const scale = Math.min(LOGO_BOX.width / sourceWidth, LOGO_BOX.height / sourceHeight, 1);
  return {
    width: Math.min(LOGO_BOX.width, Math.max(1, Math.round(sourceWidth * scale))),
    height: Math.min(LOGO_BOX.height, Math.max(1, Math.round(sourceHeight * scale))),
  };
}

/** The photo's display side: PHOTO_SIZE, or the source's shorter side when that is smaller. */
export function photoSide(sourceWidth: number, sourceHeight: number): number {
  return Math.min(PHOTO_SIZE, sourceWidth, sourceHeight);
}

/** What an <img> shows: the URL of the right file and its display size (height null when unknown). */
export type ImageGeometry = { src: string; width: number; height: number | null; kind: 'photo' | 'logo' | 'unknown' };

/**
 * How a stored image is shown: 'auto' decides by proportions (square-ish is a photo), 'logo'
 * keeps it whole, 'photo' crops it to the shape (only square-ish images are offered the choice).
 * halo: use the halo files when the image has them (on unless the person turned it off).
 */
export type ImageShowing = { kind?: 'auto' | 'logo' | 'photo'; halo?: boolean };

/**
 * The file and display size for an image URL (already absolute and checked), the photo shape and
 * the Animate setting. An URL that is not a stored image (an older upload, an address typed
 * before re-hosting) is drawn UNKNOWN_IMAGE_WIDTH wide with its own proportions.
 */
export function imageGeometry(
  src: string,
  shape: PhotoShape | string,
  animate: boolean,
  showing: ImageShowing = {},
): ImageGeometry {
  const queryAt = src.search(/[?#]/);
  const path = queryAt === -1 ? src : src.slice(0, queryAt);
  const slash = path.lastIndexOf('/');
  const image = parseStoredImageName(path.slice(slash + 1));
  if (!image || queryAt !== -1) return { src, width: UNKNOWN_IMAGE_WIDTH, height: null, kind: 'unknown' };
  const base = path.slice(0, slash + 1);
  const halo = showing.halo !== false;
  const kind = showing.kind ?? 'auto';
  const photo = kind === 'photo' || (kind === 'auto' && isPhotoShaped(image.width, image.height));
  if (!photo) {
    return {
      src: base + variantFileName(image, 'logo', animate, halo),
      width: image.width,
      height: image.height,
      kind: 'logo',
    };
  }
  // The spec: "square, rounded, otherwise round". Own keys only: a stored shape such as
  // 'toString' must not reach Object.prototype.
  const variant = Object.hasOwn(SHAPE_VARIANT, shape) ? SHAPE_VARIANT[shape]! : 'o';
  const side = image.photo ?? PHOTO_SIZE;
  return { src: base + variantFileName(image, variant, animate, halo), width: side, height: side, kind: 'photo' };
}
