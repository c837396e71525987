import { readFileSync } from 'node:fs';
import { ConfigError } from '../config-error';
import { isGoogleWorkspaceError } from './errors';
import { parseServiceAccountKey } from './service-account-key';
import { GOOGLE_ENDPOINTS } from './workspace-client';

/** Where the embedded TEST MODE Workspace answers (the workspace module mounts it there). */
export const GOOGLE_TEST_MODE_PATH = '/test-mode/google';

export type GoogleSettings = {
  /** 'google': Google's APIs (the default); 'test': the built-in TEST MODE Workspace, mounted at PUBLIC_URL/test-mode/google. */
  mode: 'test' | 'google';
  /** Why this mode runs, in the words start-up logs. */
  reason: string;
  endpoints: { tokenUrl: string; gmailApiUrl: string; directoryApiUrl: string };
  /** GOOGLE_GMAIL_API_URL is set (tests, a private cloud): pushes are not held to a public PUBLIC_URL. */
  customGmailApi: boolean;
  /** GOOGLE_SERVICE_ACCOUNT_KEY(_FILE): the operator's key JSON, already checked to parse. */
  operatorKeyJson: string | undefined;
  /** WORKSPACE_KEY_SECRET; unset: google/workspace-key-secret.ts derives one from the session secret. */
  keySecret: string | undefined;
};

/** The environment's Google settings, as config.ts validated them. */
export type GoogleEnv = {
  GOOGLE_MODE?: 'google' | 'test' | undefined;
  GOOGLE_TOKEN_URL?: string | undefined;
  GOOGLE_GMAIL_API_URL?: string | undefined;
  GOOGLE_DIRECTORY_API_URL?: string | undefined;
  GOOGLE_SERVICE_ACCOUNT_KEY?: string | undefined;
  GOOGLE_SERVICE_ACCOUNT_KEY_FILE?: string | undefined;
  WORKSPACE_KEY_SECRET?: string | undefined;
};

/** A host only this very machine answers on: where real Google could not load a signature's images anyway. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

const fail = (words: string) => new ConfigError(`Invalid configuration: ${words}`);

function readOperatorKey(e: GoogleEnv): string | undefined {
  if (e.GOOGLE_SERVICE_ACCOUNT_KEY && e.GOOGLE_SERVICE_ACCOUNT_KEY_FILE)
    throw fail('GOOGLE_SERVICE_ACCOUNT_KEY and GOOGLE_SERVICE_ACCOUNT_KEY_FILE are both set; set one of them');
  let json = e.GOOGLE_SERVICE_ACCOUNT_KEY;
  const name = json ? 'GOOGLE_SERVICE_ACCOUNT_KEY' : 'GOOGLE_SERVICE_ACCOUNT_KEY_FILE';
  if (e.GOOGLE_SERVICE_ACCOUNT_KEY_FILE) {
    try {
      json = readFileSync(e.GOOGLE_SERVICE_ACCOUNT_KEY_FILE, 'utf8');
    } catch {
      throw fail(`GOOGLE_SERVICE_ACCOUNT_KEY_FILE cannot be read (${e.GOOGLE_SERVICE_ACCOUNT_KEY_FILE})`);
    }
  }
  if (!json) return undefined;
  try {
    parseServiceAccountKey(json);
  } catch (error) {
    // The parser's words name the field at fault, never the key's content.
    if (isGoogleWorkspaceError(error)) throw fail(`${name} ${error.message.split('. In Google Cloud')[0]}`);
    throw error;
  }
  return json;
}

/**
 * Which Google runs (decision 0140). Real Google is the default: a forgotten setting must not turn a
 * deployment into a pretend one. TEST MODE runs when GOOGLE_MODE=test asks for it, or by itself when
 * nothing points elsewhere (no GOOGLE_*_URL, no operator key) and PUBLIC_URL is on a loopback host:
 * someone trying the product on their own machine, where Google could not load the images anyway.
 */
export function readGoogleSettings(e: GoogleEnv, publicUrl: string): GoogleSettings {
  const operatorKeyJson = readOperatorKey(e);
  const customUrls = ['GOOGLE_TOKEN_URL', 'GOOGLE_GMAIL_API_URL', 'GOOGLE_DIRECTORY_API_URL'] as const;
  const setUrls = customUrls.filter((name) => e[name]);
  const loopback = isLoopbackHost(new URL(publicUrl).hostname);
  let reason: string;
  let mode: GoogleSettings['mode'];
  if (e.GOOGLE_MODE === 'test') {
    if (setUrls.length) throw fail(`GOOGLE_MODE is test but ${setUrls[0]} is set; unset one of them`);
    if (operatorKeyJson) throw fail('GOOGLE_MODE is test but GOOGLE_SERVICE_ACCOUNT_KEY is set; unset one of them');
    [mode, reason] = ['test', 'GOOGLE_MODE=test'];
  } else if (e.GOOGLE_MODE === 'google') {
    [mode, reason] = ['google', 'GOOGLE_MODE=google'];
  } else if (setUrls.length) {
    [mode, reason] = ['google', `${setUrls.join(', ')} set`];
  } else if (operatorKeyJson) {
    [mode, reason] = ['google', 'GOOGLE_SERVICE_ACCOUNT_KEY set'];
  } else if (loopback) {
    [mode, reason] = ['test', `PUBLIC_URL (${publicUrl}) is on a loopback host and no GOOGLE_* setting is set`];
  } else {
    [mode, reason] = ['google', 'the default'];
  }
  const keySecret = e.WORKSPACE_KEY_SECRET;
  if (mode === 'test') {
    const base = `${publicUrl}${GOOGLE_TEST_MODE_PATH}`;
    return {
      mode,
      reason,
      endpoints: { tokenUrl: `${base}/token`, gmailApiUrl: base, directoryApiUrl: base },
      customGmailApi: false,
      operatorKeyJson: undefined,
      keySecret,
    };
  }
  return {
    mode,
    reason,
    endpoints: {
      tokenUrl: e.GOOGLE_TOKEN_URL ?? GOOGLE_ENDPOINTS.tokenUrl,
      gmailApiUrl: (e.GOOGLE_GMAIL_API_URL ?? GOOGLE_ENDPOINTS.gmailApiUrl).replace(/\/+$/, ''),
      directoryApiUrl: (e.GOOGLE_DIRECTORY_API_URL ?? GOOGLE_ENDPOINTS.directoryApiUrl).replace(/\/+$/, ''),
    },
    customGmailApi: !!e.GOOGLE_GMAIL_API_URL,
    operatorKeyJson,
    keySecret,
  };
}

/** The line start-up logs: which Google runs, and why. */
export function googleModeLine(google: Pick<GoogleSettings, 'mode' | 'reason' | 'endpoints' | 'operatorKeyJson'>) {
  if (google.mode === 'test') {
    return `Google Workspace: TEST MODE (${google.reason}): a pretend Google built into this server answers at ${GOOGLE_TEST_MODE_PATH}; nothing reaches a real Gmail. Set GOOGLE_MODE=google for real Google.`;
  }
  return `Google Workspace: real Google (${google.reason}): tokens from ${google.endpoints.tokenUrl}, Gmail at ${google.endpoints.gmailApiUrl}, Directory at ${google.endpoints.directoryApiUrl}${google.operatorKeyJson ? "; the operator's service account serves every organization" : ''}.`;
}
