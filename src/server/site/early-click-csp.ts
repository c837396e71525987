import { createHash } from 'node:crypto';
import { EARLY_CLICK_SCRIPT } from '../../shared/early-clicks';

/**
 * The Content-Security-Policy source that lets the prerendered pages run their one inline script,
 * the early-click capture (src/shared/early-clicks.ts), and no other: the sha256 of its exact text,
 * the very constant scripts/prerender.ts puts into each page.
 */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

export const EARLY_CLICK_SCRIPT_SOURCE = scriptHashSource(EARLY_CLICK_SCRIPT);
