import { AppError } from '../../errors';

/**
 * Google Drive and Dropbox "share" links open a web page about the file, not the file. Where the
 * service offers a direct form of the same link, use it; otherwise say what to do instead.
 */
export type ShareLink = { url: URL; service: 'google-drive' | 'dropbox' | null };

const refuse = (message: string) => new AppError('VALIDATION', message);
const DRIVE_ID = /^[\w-]{10,}$/;
const DRIVE_HOSTS = new Set(['drive.google.com', 'docs.google.com']);
const DROPBOX_HOSTS = new Set(['dropbox.com', 'www.dropbox.com']);
const PHOTOS_HOSTS = new Set(['photos.google.com', 'photos.app.goo.gl']);

export const DRIVE_NOT_SHARED_MESSAGE =
  "Google Drive did not hand over the image. In Drive, choose Share and set General access to 'Anyone with the link', then paste the link again, or download the image and use Upload Logo.";
export const DROPBOX_NOT_SHARED_MESSAGE =
  'Dropbox did not hand over the image. Check that the link is still shared, or download the image and use Upload Logo.';

function driveFile(id: string): URL {
  const direct = new URL('https://drive.google.com/uc');
  direct.searchParams.set('export', 'download');
  direct.searchParams.set('id', id);
  return direct;
}

function fromDrive(url: URL): URL {
  const fileId = /^\/file\/d\/([^/]+)/.exec(url.pathname)?.[1] ?? '';
  if (DRIVE_ID.test(fileId)) return driveFile(fileId);
  const queryId = url.searchParams.get('id') ?? '';
  if ((url.pathname === '/open' || url.pathname === '/uc') && DRIVE_ID.test(queryId)) return driveFile(queryId);
  if (url.pathname.startsWith('/drive/folders/') || url.pathname.startsWith('/drive/u/')) {
    throw refuse(
      'That Google Drive link opens a folder. Open the image itself in Drive, choose Share, then Copy link, and paste that link.',
    );
  }
  if (url.hostname === 'docs.google.com') {
    throw refuse('That is a Google Docs page, not an image. Download the image and use Upload Logo instead.');
  }
  throw refuse(
    'That Google Drive link does not point at a file. Open the image in Drive, choose Share, then Copy link, and paste that link.',
  );
}

function fromDropbox(url: URL): URL {
  if (url.pathname.startsWith('/sh/') || url.pathname.startsWith('/scl/fo/')) {
    throw refuse(
      'That Dropbox link opens a folder. Open the image itself in Dropbox, copy its link, and paste that link.',
    );
  }
  if (!url.pathname.startsWith('/s/') && !url.pathname.startsWith('/scl/fi/')) {
    throw refuse(
      'That Dropbox link does not point at a file. Open the image in Dropbox, copy its link, and paste that link.',
    );
  }
  // raw=1 asks Dropbox for the file itself (its other parameters, such as rlkey, are the access key).
  const direct = new URL(url.href);
  direct.searchParams.delete('dl');
  direct.searchParams.set('raw', '1');
  return direct;
}

/** The address to fetch for what the person pasted: a share page becomes its file where possible. */
export function resolveShareLink(url: URL): ShareLink {
  const host = url.hostname.toLowerCase();
  if (DRIVE_HOSTS.has(host)) return { url: fromDrive(url), service: 'google-drive' };
  if (DROPBOX_HOSTS.has(host)) return { url: fromDropbox(url), service: 'dropbox' };
  if (PHOTOS_HOSTS.has(host)) {
    throw refuse('Google Photos links open a web page, not the image. Download the photo and use Upload Logo instead.');
  }
  return { url, service: null };
}
