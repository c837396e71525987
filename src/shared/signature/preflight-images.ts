import type { ManifestImage } from './signature-manifest';
import { isOnOrigin } from './url-normalise';
import {
  hostOf,
  imageName,
  listNames,
  plural,
  type ImageProbe,
  type PreflightItem,
  type SignatureImage,
} from './preflight-parts';

/** Pre-flight's image checks: where each image comes from, whether it is sharp, its alt text. */

function originItem(images: readonly SignatureImage[], publicOrigin: string, typedPhotoUrl: string): PreflightItem {
  // 'http://host/logo.png' is sent as https (url-normalise); that host may not serve https at all.
  const typedHttp = /^http:\/\//i.test(typedPhotoUrl.trim()) && !isOnOrigin(typedPhotoUrl.trim(), publicOrigin);
  const publicHost = hostOf(publicOrigin) || publicOrigin;
  const foreign = images.filter((image) => !isOnOrigin(image.src, publicOrigin));
  const insecure = images.filter((image) => !image.src.startsWith('https://'));
  if (images.length === 0)
    return {
      id: 'images-origin',
      status: 'pass',
      title: 'No images to load',
      detail: 'Your signature has no images.',
      fix: '',
    };
  if (foreign.length > 0) {
    const hosts = listNames(foreign.map((image) => hostOf(image.src) || image.src));
    return {
      id: 'images-origin',
      status: 'fail',
      title: 'Image from another site',
      detail: `${listNames(foreign.map(imageName))} ${foreign.length === 1 ? 'is' : 'are'} loaded from ${hosts}, not from ${publicHost}.${typedHttp ? ' The address you typed is http:, which mail apps block; it is sent as https, which that site may not serve.' : ''}`,
      fix: `Upload the file in the Images tab so it is served from ${publicHost}: another site can block, move or slow it, and recipients then see an empty box.`,
    };
  }
  if (insecure.length > 0) {
    return {
      id: 'images-origin',
      status: 'fail',
      title: 'Images not served over https',
      detail: `${plural(insecure.length, 'image')} ${insecure.length === 1 ? 'is' : 'are'} served from ${publicOrigin}, which is not https: recipients’ mail apps will not load ${insecure.length === 1 ? 'it' : 'them'}.`,
      fix: 'Run SignaturePro behind https and set PUBLIC_URL to that https address (e.g. https://signatures.example.com), then copy the signature again.',
      serverAddress: true,
    };
  }
  return {
    id: 'images-origin',
    status: 'pass',
    title: 'Images load over https',
    detail: `${plural(images.length, 'image')}, all served over https from ${publicHost}.`,
    fix: '',
  };
}

function sharpItem(images: readonly SignatureImage[], probes: ReadonlyMap<string, ImageProbe>): PreflightItem {
  const broken: SignatureImage[] = [];
  const soft: { image: SignatureImage; natural: string }[] = [];
  let pending = 0;
  for (const image of images) {
    const probe = probes.get(image.src);
    if (!probe || probe.state === 'loading') pending += 1;
    else if (probe.state === 'error') broken.push(image);
    else {
      // Without a height attribute (a logo whose file decides its proportions) it is drawn at the file's ratio.
      const shown =
        image.height > 0 || probe.naturalWidth === 0
          ? image
          : { ...image, height: Math.round((image.width * probe.naturalHeight) / probe.naturalWidth) };
      if (probe.naturalWidth < shown.width * 2 || probe.naturalHeight < shown.height * 2) {
        soft.push({ image: shown, natural: `${probe.naturalWidth}×${probe.naturalHeight}` });
      }
    }
  }
  if (broken.length > 0) {
    return {
      id: 'images-sharp',
      status: 'fail',
      title: 'Image does not load',
      detail: `${listNames(broken.map(imageName))} could not be loaded here, so recipients will not see it either.`,
      fix: 'Check the image address, or upload the file in the Images tab.',
    };
  }
  if (soft.length > 0) {
    const first = soft[0]!;
    return {
      id: 'images-sharp',
      status: 'warn',
      title: 'Image looks soft on sharp screens',
      detail: `${listNames(soft.map((s) => imageName(s.image)))}: ${first.natural} pixels shown at ${first.image.width}×${first.image.height}; sharp screens need twice that.`,
      fix: `Upload an image of at least ${first.image.width * 2}×${first.image.height * 2} pixels.`,
    };
  }
  if (pending > 0) {
    return {
      id: 'images-sharp',
      status: 'pending',
      title: 'Checking images…',
      detail: `Loading ${plural(pending, 'image')} to measure ${pending === 1 ? 'it' : 'them'}.`,
      fix: '',
    };
  }
  return {
    id: 'images-sharp',
    status: 'pass',
    title: images.length === 0 ? 'No images to measure' : 'Images sharp at 2×',
    detail:
      images.length === 0
        ? 'Nothing to load.'
        : `${plural(images.length, 'image')}, each with twice the pixels it is shown at.`,
    fix: '',
  };
}

function altItem(images: readonly SignatureImage[]): PreflightItem {
  const missing = images.filter((image) => image.alt.trim() === '');
  if (missing.length > 0) {
    return {
      id: 'images-alt',
      status: 'warn',
      title: 'Image without alt text',
      detail: `${plural(missing.length, 'image')} ${missing.length === 1 ? 'has' : 'have'} no alt text: with images blocked, recipients see nothing there.`,
      fix: 'Fill in your name or company in the Details tab: the logo’s alt text is taken from them.',
    };
  }
  return {
    id: 'images-alt',
    status: 'pass',
    title: 'Alt text on every image',
    detail: images.length === 0 ? 'No images.' : 'Recipients who block images still see what each one is.',
    fix: '',
  };
}

export const NO_PROBES: ReadonlyMap<string, ImageProbe> = new Map();

/** The image checks last made, with what they were made from (a keystroke in a name changes none of it). */
let lastImageChecks: { key: string; probes: ReadonlyMap<string, ImageProbe>; items: readonly PreflightItem[] } | null =
  null;

/** Reachability, sharpness and alt text: worked out again only when an image, its probe or the origin changes. */
export function imageItems(
  images: readonly SignatureImage[],
  probes: ReadonlyMap<string, ImageProbe>,
  publicOrigin: string,
  typedPhotoUrl: string,
) {
  const key = JSON.stringify([publicOrigin, typedPhotoUrl, images]);
  if (lastImageChecks?.key === key && lastImageChecks.probes === probes) return lastImageChecks.items;
  const items = [originItem(images, publicOrigin, typedPhotoUrl), sharpItem(images, probes), altItem(images)];
  lastImageChecks = { key, probes, items };
  return items;
}

/** A manifest image as the checks below name and measure it (height 0: the file's proportions decide). */
export function checkedImage(image: ManifestImage): SignatureImage {
  return { src: image.url, width: image.width, height: image.height ?? 0, alt: image.alt };
}
