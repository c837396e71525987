import type { ReachabilityAnswer } from '../api/preflight';
import type { PreflightItem } from './preflight';
import type { SignatureManifest } from './signature-manifest';

/**
 * What pre-flight asks the server to load as a recipient would (docs/decisions/0165): images on
 * our own https origin (an image from another site already fails "Image from another site", an
 * http origin "Images not served over https"), and every web link except the watermark's.
 */
export function reachabilityRequest(
  manifest: Pick<SignatureManifest, 'images' | 'links'>,
  publicOrigin: string,
): { images: string[]; links: string[] } {
  const images = publicOrigin.startsWith('https://')
    ? manifest.images.filter((image) => image.onPublicOrigin).map((image) => image.url)
    : [];
  const links = manifest.links
    .filter((link) => link.kind === 'web' && link.role !== 'watermark')
    .map((link) => link.href);
  return { images: [...new Set(images)].slice(0, 10), links: [...new Set(links)].slice(0, 20) };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const nameOf = (url: string) => {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return url;
  }
};

/** The checklist line for the server's answers; pending while they are on their way. */
export function reachabilityItem(
  answers: readonly ReachabilityAnswer[] | 'pending' | 'unavailable',
  asked: number,
): PreflightItem {
  const title = 'Reachable by recipients';
  if (answers === 'pending') {
    return {
      id: 'reachable',
      status: 'pending',
      title,
      detail: 'Loading your images and links from the internet…',
      fix: '',
    };
  }
  if (answers === 'unavailable') {
    return {
      id: 'reachable',
      status: 'pass',
      title: 'Not checked from the internet',
      detail: 'The check from our server is not available right now; your browser loaded what it could.',
      fix: '',
    };
  }
  const failed = answers.filter((answer) => answer.status === 'fail');
  const warned = answers.filter((answer) => answer.status === 'warn');
  const worst = failed.length > 0 ? failed : warned;
  if (worst.length === 0) {
    return {
      id: 'reachable',
      status: 'pass',
      title,
      detail:
        asked === 0
          ? 'Nothing to load.'
          : `${plural(asked, 'address')} loaded from the internet, as a recipient would.`,
      fix: '',
    };
  }
  const unreachableImage = worst.some(
    (answer) =>
      answer.kind === 'image' && /private or local network|could not find|could not connect/.test(answer.detail),
  );
  const images = worst.filter((answer) => answer.kind === 'image').length;
  return {
    id: 'reachable',
    status: failed.length > 0 ? 'fail' : 'warn',
    title: failed.length > 0 ? 'Recipients cannot reach everything' : 'A link may not work for recipients',
    detail: worst.map((answer) => `${nameOf(answer.url)}: ${answer.detail}`).join(' '),
    fix: unreachableImage
      ? 'Run SignaturePro on a public https address (PUBLIC_URL) so recipients can load its images; your own browser reaches your network, they do not.'
      : images > 0
        ? 'Upload the image again in the Images tab.'
        : 'Link to a public page that opens without signing in, or remove the link.',
    ...(unreachableImage ? { serverAddress: true as const } : {}),
  };
}
