import { watermarkText } from '../billing/watermark';
import type { SignatureFields } from './signature-schema';
import { decode, hostOf, listNames, plural, type PreflightItem, type SignatureImage } from './preflight-parts';

/** Pre-flight's link checks: how many links, link shorteners, and text besides the images. */

/** Hosts whose links spam filters distrust and recipients cannot read before clicking. */
export const LINK_SHORTENER_HOSTS = [
  'bit.ly',
  'bitly.com',
  'tinyurl.com',
  't.co',
  'goo.gl',
  'ow.ly',
  'is.gd',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  'shorturl.at',
  'tiny.cc',
  'rb.gy',
  't.ly',
  'bl.ink',
  'short.io',
  'v.gd',
  'lnkd.in',
  'shorte.st',
  'adf.ly',
  's.id',
  'tiny.one',
] as const;
const SHORTENERS: ReadonlySet<string> = new Set(LINK_SHORTENER_HOSTS);

/** More web links than this in every message you send starts to look like a newsletter to spam filters. */
/** Nine profiles, the website, the logo link, the free line and a few custom-field links stay under it. */
export const MAX_WEB_LINKS = 15;

const TAG = /<[^>]*>/g;
const URL_IN_TEXT = /(?:https?:\/\/)?(?:[a-z0-9-]+\.)+[a-z]{2,}(?:\/[^\s"<>]*)?/gi;

function typedUrls(fields: SignatureFields): string[] {
  const values = [
    fields.website,
    fields.customImageUrl,
    fields.photoUrl,
    ...Object.values(fields.socialLinks),
    ...fields.customFields.map((f) => f.value),
  ];
  return values.flatMap((value) =>
    typeof value === 'string' ? [...value.matchAll(URL_IN_TEXT)].map((m) => m[0]) : [],
  );
}

/** The link-shortener hosts a signature uses, each once. */
export function findShorteners(urls: readonly string[]): string[] {
  const found = new Set<string>();
  for (const url of urls) {
    const host = hostOf(/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`);
    if (SHORTENERS.has(host)) found.add(host);
  }
  return [...found];
}

export function linkItems(fields: SignatureFields, hrefs: readonly string[]): PreflightItem[] {
  const web = hrefs.filter((href) => /^https?:\/\//i.test(href));
  const other = hrefs.length - web.length;
  const counted = `${plural(web.length, 'web link')}${other > 0 ? ` and ${plural(other, 'phone or email link')}` : ''}.`;
  const links: PreflightItem =
    web.length > MAX_WEB_LINKS
      ? {
          id: 'links',
          status: 'warn',
          title: 'Many links',
          detail: counted,
          fix: `Spam filters grow wary of many links in every message; keep to ${MAX_WEB_LINKS} or fewer by removing profiles you rarely use.`,
        }
      : { id: 'links', status: 'pass', title: 'Link count fine', detail: counted, fix: '' };
  const shorteners = findShorteners([...hrefs, ...typedUrls(fields)]);
  const short: PreflightItem =
    shorteners.length > 0
      ? {
          id: 'shorteners',
          status: 'fail',
          title: 'Link shortener used',
          detail: `${listNames(shorteners)} ${shorteners.length === 1 ? 'hides' : 'hide'} where a link goes; spam filters mark such mail and recipients distrust it.`,
          fix: 'Use the full address of the page instead of the shortened one.',
        }
      : {
          id: 'shorteners',
          status: 'pass',
          title: 'No link shorteners',
          detail: 'Every link shows where it goes.',
          fix: '',
        };
  return [links, short];
}

/** The words a recipient reads without images, the free plan's line left out. */
export function visibleText(html: string, publicOrigin: string): string {
  let text = decode(html.replace(TAG, ' ')).replace(/\s+/g, ' ').trim();
  try {
    const watermark = watermarkText(publicOrigin);
    text = text.replace(watermark, '').trim();
  } catch {
    // Not a URL: there is no watermark text to take out.
  }
  return text;
}

export function imageOnlyItem(html: string, images: readonly SignatureImage[], publicOrigin: string): PreflightItem {
  const text = visibleText(html, publicOrigin);
  if (text === '') {
    return images.length > 0
      ? {
          id: 'image-only',
          status: 'fail',
          title: 'Only images',
          detail:
            'Your signature has no text besides its images; many recipients block images, and then see nothing at all.',
          fix: 'Add your name and a contact line as text in the Details tab.',
        }
      : {
          id: 'image-only',
          status: 'fail',
          title: 'Nothing to show yet',
          detail: 'Your signature is empty.',
          fix: 'Add your name in the Details tab.',
        };
  }
  return {
    id: 'image-only',
    status: 'pass',
    title: 'Text as well as images',
    detail: 'Recipients who block images still read who you are.',
    fix: '',
  };
}
