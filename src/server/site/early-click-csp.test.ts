import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_CLICK_SCRIPT, EARLY_CLICK_SCRIPT_TAG } from '../../shared/early-clicks';
import { buildTestApp, type TestApp } from '../../test-support/test-app';
import { EARLY_CLICK_SCRIPT_SOURCE } from './early-click-csp';

/** What a browser hashes: the text between <script> and </script>, as the prerendered page carries it. */
function inlineText(tag: string): string {
  const match = /^<script>([\s\S]*)<\/script>$/.exec(tag);
  if (!match) throw new Error('not a bare inline script element');
  return match[1]!;
}

describe('the early-click script and the CSP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the CSP source is the sha256 of exactly the text the prerender injects', () => {
    const text = inlineText(EARLY_CLICK_SCRIPT_TAG);
    expect(text).toBe(EARLY_CLICK_SCRIPT);
    const digest = createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64');
    expect(EARLY_CLICK_SCRIPT_SOURCE).toBe(`'sha256-${digest}'`);
  });

  it('is text a browser hashes as written: ASCII, \\n line ends, no closing tag inside', () => {
    expect(EARLY_CLICK_SCRIPT).toMatch(/^[\n\x20-\x7e]+$/);
    expect(EARLY_CLICK_SCRIPT.toLowerCase()).not.toContain('</script');
  });

  it("the server's script-src allows our files and this one inline script, nothing else", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(res.headers['content-security-policy']);
    const scriptSrc = policy
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' ${EARLY_CLICK_SCRIPT_SOURCE}`);
    expect(policy.match(/'sha256-/g)).toHaveLength(1);
  });
});
