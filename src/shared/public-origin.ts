/**
 * Whether recipients can load what a signature points at: every image and the watermark link are
 * built from PUBLIC_URL, so it must be an https address on a host the internet can reach. The
 * server's start-up warning and the editor's notice both read this.
 */
export type PublicOriginCheck =
  { ok: true } | { ok: false; problem: 'not-https' | 'not-public'; title: string; message: string };

export type PublicConfig = { publicUrl: string; publicOrigin: PublicOriginCheck };

const PRIVATE_SUFFIXES = [
  '.localhost',
  '.local',
  '.internal',
  '.lan',
  '.home.arpa',
  '.test',
  '.example',
  '.invalid',
  '.corp',
  '.intranet',
];

function ipv4Parts(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const numbers = parts.map(Number);
  return numbers.every((n) => n <= 255) ? numbers : null;
}

function isPrivateIpv4([a = 0, b = 0]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

function isPrivateIpv6(host: string): boolean {
  const ip = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (ip === '::' || ip === '::1') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return isPrivateIpv4(ipv4Parts(mapped[1] ?? '') ?? [0]);
  if (/^::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}$/.test(ip)) return true; // mapped, written in hex: treat as unknown
  return /^f[cd]/.test(ip) || /^fe[89ab]/.test(ip);
}

/** True for hosts only this machine or its local network can reach. */
export function isNonPublicHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || host.includes(':')) return isPrivateIpv6(host);
  const v4 = ipv4Parts(host);
  if (v4) return isPrivateIpv4(v4);
  if (host === 'localhost' || !host.includes('.')) return true;
  return PRIVATE_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

const HOW_TO_FIX =
  'To fix it, set PUBLIC_URL to the https address people reach this app at (for example https://signatures.example.com) and restart the server.';

/** Says, in words for the person who runs or uses the app, why recipients would not see the images. */
export function checkPublicOrigin(publicUrl: string): PublicOriginCheck {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return {
      ok: false,
      problem: 'not-public',
      title: 'Recipients cannot load your images',
      message: `PUBLIC_URL (${publicUrl}) is not an address. ${HOW_TO_FIX}`,
    };
  }
  if (isNonPublicHost(url.hostname)) {
    return {
      ok: false,
      problem: 'not-public',
      title: 'Recipients cannot load your images',
      message: `This app serves signature images from ${url.origin}, an address only this computer or its network can reach, so people who get your email see broken images. ${HOW_TO_FIX}`,
    };
  }
  if (url.protocol !== 'https:') {
    return {
      ok: false,
      problem: 'not-https',
      title: 'Recipients cannot load your images',
      message: `This app serves signature images from ${url.origin} over plain http, which Gmail and most mail apps refuse to load. ${HOW_TO_FIX}`,
    };
  }
  return { ok: true };
}
