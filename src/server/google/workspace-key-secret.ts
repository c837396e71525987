import type { AppConfig } from '../config';
import { deriveKey } from '../crypto/derived-keys';

/**
 * The secret that encrypts service account keys at rest: WORKSPACE_KEY_SECRET when set, otherwise
 * a key of its own derived from SESSION_SECRET (HKDF, purpose workspace-key), so the session
 * secret itself never encrypts anything. Changing either makes stored keys unreadable: connect again.
 */
export function workspaceKeySecret(config: Pick<AppConfig, 'sessionSecret' | 'google'>): string {
  return config.google.keySecret ?? deriveKey(config.sessionSecret, 'workspace-key');
}
