import {
  IMAGE_DENSITY,
  LOGO_BOX,
  PHOTO_SIZE,
  allVariantFileNames,
  isPhotoShaped,
  parseStoredImageName,
} from '../../../shared/signature/image-geometry';
import type { ObjectStorage } from '../../storage/object-storage';
import type { ProcessedImage } from './image-processing';

/** Files stored before decision 0070: one file per upload, named by a UUID. */
export const LEGACY_IMAGE_NAME = /^[0-9a-f-]{36}\.(?:png|jpg)$/;

export const publicKeyFor = (name: string) => `public/${name}`;
/** 'public/<name>' in storage is '/objects/<name>' on the web. */
export const objectPathFor = (objectKey: string) => `/objects/${objectKey.slice('public/'.length)}`;

/** The storage keys of every file of an upload: its variants, or the single file of an older upload. */
export function storedKeys(objectKey: string): string[] {
  const image = parseStoredImageName(objectKey.slice('public/'.length));
  return image ? allVariantFileNames(image).map(publicKeyFor) : [objectKey];
}

/** Writes every file of a processed image; undoes the written ones if one fails. */
export async function putFiles(storage: ObjectStorage, processed: ProcessedImage): Promise<void> {
  const written: string[] = [];
  try {
    for (const file of processed.files) {
      await storage.put(publicKeyFor(file.name), file.bytes, file.contentType);
      written.push(publicKeyFor(file.name));
    }
  } catch (error) {
    for (const key of written) await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

export const totalBytes = (processed: ProcessedImage) =>
  processed.files.reduce((sum, file) => sum + file.bytes.length, 0);
export const logoFile = (processed: ProcessedImage) => processed.files.find((file) => file.name === processed.name)!;

// Within 2% of 2x is 2x: a 1-pixel rounding is not worth a note.
const SHARP_DENSITY = IMAGE_DENSITY * 0.98;

/** The note for an image stored below twice its display size; undefined when it is sharp. */
export function resolutionNote(processed: ProcessedImage): string | undefined {
  const { source, image, density } = processed;
  // The renderer shows photo-shaped images as photos (image-geometry.ts), so that file is the one that counts.
  const photo = isPhotoShaped(image.width, image.height);
  const side = image.photo ?? PHOTO_SIZE;
  const [width, height] = photo ? [side, side] : [image.width, image.height];
  const shown = photo ? density.photo : density.logo;
  if (shown >= SHARP_DENSITY) return undefined;
  // What a sharp version needs: twice the size this shape is shown at when the source is big enough.
  const scale = Math.min(LOGO_BOX.width / source.width, LOGO_BOX.height / source.height);
  const [fullWidth, fullHeight] = photo
    ? [PHOTO_SIZE, PHOTO_SIZE]
    : [Math.round(source.width * scale), Math.round(source.height * scale)];
  return `This image is ${source.width}×${source.height} pixels. It is shown at ${width}×${height}, with ${shown.toFixed(1)}× its pixels, so it looks soft on high-density screens; ${fullWidth * IMAGE_DENSITY}×${fullHeight * IMAGE_DENSITY} pixels or more look sharp.`;
}
