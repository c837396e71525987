/**
 * Which requests to a banner's redirect are not a person's click (docs/decisions/0224-campaign-clicks.md):
 * mail scanners and link pre-fetchers, known by their user agent (or by sending none), and any request
 * in the first seconds after a push of the banner. Either way the visitor is still sent on.
 */

/** Security gateways, link checkers, chat unfurlers, preview renderers and plain HTTP libraries. */
const SCANNER_AGENTS = new RegExp(
  [
    'bot\\b',
    'bot/',
    'crawler',
    'spider',
    'slurp',
    'preview',
    'scanner',
    'barracuda',
    'mimecast',
    'proofpoint',
    'urldefense',
    'symantec',
    'messagelabs',
    'forcepoint',
    'trendmicro',
    'trend micro',
    'sophos',
    'fireeye',
    'ironport',
    'cisco',
    'safelinks',
    'microsoft office',
    'ms-office',
    'outlook-',
    'googleimageproxy',
    'google-safety',
    'facebookexternalhit',
    'whatsapp',
    'skypeuripreview',
    'headlesschrome',
    'phantomjs',
    'curl/',
    'wget/',
    'python-requests',
    'python-urllib',
    'go-http-client',
    'java/',
    'okhttp',
    'axios/',
    'node-fetch',
    'undici',
  ].join('|'),
  'i',
);

export function isLinkScanner(userAgent: string | undefined): boolean {
  const agent = (userAgent ?? '').trim();
  return agent === '' || SCANNER_AGENTS.test(agent);
}

/** A request this soon after the banner was pushed is a pre-fetch of the new signature, not a person. */
export const PUSH_QUIET_SECONDS = 30;
