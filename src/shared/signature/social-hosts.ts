import { normalizeUrl } from './url-normalise';

/** The nine platforms, in the order the Social tab offers them. */
export const SOCIAL_PLATFORMS = [
  'linkedin',
  'twitter',
  'facebook',
  'instagram',
  'youtube',
  'github',
  'tiktok',
  'discord',
  'dribbble',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/**
 * Where each platform's profiles live. A "LinkedIn" icon that opens another
 * site is how a signature gets used for phishing, so a profile link must be on one of its
 * platform's hosts, or a subdomain of one (www.linkedin.com, uk.linkedin.com, m.facebook.com).
 */
export const SOCIAL_PLATFORM_HOSTS: Readonly<Record<SocialPlatform, readonly string[]>> = {
  linkedin: ['linkedin.com', 'lnkd.in'],
  twitter: ['x.com', 'twitter.com'],
  facebook: ['facebook.com', 'fb.com', 'fb.me'],
  instagram: ['instagram.com', 'instagr.am'],
  youtube: ['youtube.com', 'youtu.be'],
  github: ['github.com'],
  tiktok: ['tiktok.com'],
  discord: ['discord.gg', 'discord.com'],
  dribbble: ['dribbble.com'],
};

// A value like '/me' lands on the app's origin; that is never a platform, so any origin will do.
const NO_ORIGIN = 'https://origin.invalid';
const AUTHORITY = /^https?:\/\/([^/?#]+)/i;

/** The host of an absolute web URL, lower case, without port or trailing dot; '' for anything else. */
function hostOf(href: string): string {
  const authority = AUTHORITY.exec(href)?.[1];
  if (!authority) return '';
  // IPv6 literals are never a platform; for names the port goes.
  const host = authority.startsWith('[') ? authority : authority.replace(/:\d+$/, '');
  return host.toLowerCase().replace(/\.$/, '');
}

/** True when href is a web address on one of the platform's hosts or their subdomains. */
export function isOnPlatformHost(platform: SocialPlatform, href: string): boolean {
  const host = hostOf(href);
  return (
    host !== '' && SOCIAL_PLATFORM_HOSTS[platform].some((allowed) => host === allowed || host.endsWith(`.${allowed}`))
  );
}

/** 'linkedin.com or lnkd.in', 'x.com or twitter.com', 'facebook.com, fb.com or fb.me'. */
export function platformHostList(platform: SocialPlatform): string {
  const hosts = SOCIAL_PLATFORM_HOSTS[platform];
  return hosts.length === 1 ? hosts[0]! : `${hosts.slice(0, -1).join(', ')} or ${hosts[hosts.length - 1]}`;
}

/** True when a typed profile link is empty or, once normalised, on its platform's hosts. */
export function isUsableProfileLink(platform: SocialPlatform, value: string): boolean {
  return value.trim() === '' || isOnPlatformHost(platform, normalizeUrl(value, NO_ORIGIN));
}
