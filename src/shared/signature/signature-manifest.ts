import { gmailStoredLength } from './gmail-size';
import { IMAGE_DENSITY } from './image-geometry';
import { socialIconPath, SOCIAL_ICON_DISPLAY_SIZE, SOCIAL_ICON_PIXEL_SIZE } from './social-icons';
import { isOnOrigin } from './url-normalise';
import type { SignatureView } from './signature-view';

/**
 * What a render hands out besides its HTML (docs/decisions/0160): every image and link it wrote
 * and its length as Gmail stores it. Pre-flight, both copy buttons, generate-html, the test e-mail
 * and the Workspace push read these figures instead of parsing or measuring the HTML themselves,
 * so they cannot disagree about what a signature holds or how long it is.
 */

export type ManifestImage = {
  /** The URL written into `src`, unescaped. */
  url: string;
  /** The URL's origin ('' when it has none), and whether that is the app's public origin. */
  origin: string;
  onPublicOrigin: boolean;
  role: 'logo' | 'icon';
  alt: string;
  /** Display size; height null when the file's own proportions decide. */
  width: number;
  height: number | null;
  /** Pixels per display pixel the file holds, or null for an address we did not store. */
  density: number | null;
};

export type LinkKind = 'web' | 'mailto' | 'tel';
export type ManifestLink = {
  href: string;
  kind: LinkKind;
  role: 'phone' | 'mobile' | 'email' | 'website' | 'custom' | 'social' | 'logo' | 'watermark';
};

export type SignatureManifest = {
  html: string;
  text: string;
  images: ManifestImage[];
  links: ManifestLink[];
  /** The HTML's length once Gmail has stored it (gmail-size.ts). */
  storedLength: number;
};

function originOf(url: string): string {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? '' : origin;
  } catch {
    return '';
  }
}

function linkKind(href: string): LinkKind {
  if (href.startsWith('mailto:')) return 'mailto';
  return href.startsWith('tel:') ? 'tel' : 'web';
}

const CONTACT_ROLES = { P: 'phone', M: 'mobile', E: 'email', W: 'website' } as const;

function image(url: string, publicUrl: string, rest: Omit<ManifestImage, 'url' | 'origin' | 'onPublicOrigin'>) {
  return { url, origin: originOf(url), onPublicOrigin: isOnOrigin(url, publicUrl), ...rest };
}

function viewImages(view: SignatureView): ManifestImage[] {
  const publicUrl = view.assets.publicUrl;
  const images: ManifestImage[] = [];
  const { logo } = view;
  if (logo) {
    images.push(
      image(logo.src, publicUrl, {
        role: 'logo',
        alt: logo.alt,
        width: logo.width,
        height: logo.height,
        density: logo.stored ? IMAGE_DENSITY : null,
      }),
    );
  }
  // The text-only layout writes its profiles as text links: no icons.
  if (view.layout === 'text-only') return images;
  for (const social of view.socials) {
    images.push(
      image(publicUrl + socialIconPath(social.platform), publicUrl, {
        role: 'icon',
        alt: social.label,
        width: SOCIAL_ICON_DISPLAY_SIZE,
        height: SOCIAL_ICON_DISPLAY_SIZE,
        density: SOCIAL_ICON_PIXEL_SIZE / SOCIAL_ICON_DISPLAY_SIZE,
      }),
    );
  }
  return images;
}

function viewLinks(view: SignatureView): ManifestLink[] {
  const links: ManifestLink[] = [];
  const add = (href: string, role: ManifestLink['role']) => {
    if (href !== '') links.push({ href, kind: linkKind(href), role });
  };
  if (view.logo) add(view.logo.href, 'logo');
  for (const contact of view.contacts) add(contact.href, CONTACT_ROLES[contact.label]);
  for (const custom of view.customLines) add(custom.href, 'custom');
  for (const social of view.socials) add(social.href, 'social');
  if (view.showWatermark) add(view.assets.publicUrl, 'watermark');
  return links;
}

/** The manifest of a render: `html` and `text` as written from `view`. */
export function signatureManifest(view: SignatureView, html: string, text: string): SignatureManifest {
  // An empty signature writes nothing, so it holds nothing either.
  if (html === '') return { html, text, images: [], links: [], storedLength: 0 };
  return { html, text, images: viewImages(view), links: viewLinks(view), storedLength: gmailStoredLength(html) };
}
