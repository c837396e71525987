import { expect, it } from 'vitest';
import { useTestApp } from '../../../test-support/app-fixtures';
import { gmailSentMessage, gmailStoredCopy } from '../../../test-support/gmail-stored-fixture';
import { apiCaller, describeEachDatabase, signUpUser } from '../../../test-support/test-app';

describeEachDatabase('POST /api/preflight/reachability', (kind) => {
  const t = useTestApp(kind);
  const call = apiCaller(() => t.app);
  const path = '/api/preflight/reachability';

  it('is for signed-in people only: the server’s fetcher is no open proxy', async () => {
    const res = await call('POST', path, undefined, { images: ['https://10.0.0.5/logo.png'], links: [] });
    expect(res.statusCode).toBe(401);
  });

  it('fails an image on a private https origin, in words', async () => {
    const { cookie } = await signUpUser(t.app);
    const res = await call('POST', path, cookie, {
      images: ['https://10.0.0.5/objects/logo.png'],
      links: ['https://172.16.0.9/wiki'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      expect.objectContaining({ url: 'https://10.0.0.5/objects/logo.png', kind: 'image', status: 'fail' }),
      expect.objectContaining({ url: 'https://172.16.0.9/wiki', kind: 'link', status: 'fail' }),
    ]);
    expect(res.json().results[0].detail).toMatch(/private or local network, which recipients cannot reach/);
  });

  it('answers bad input with 400 and words, never 5xx', async () => {
    const { cookie } = await signUpUser(t.app);
    const tooMany = await call('POST', path, cookie, {
      images: Array.from({ length: 11 }, (_, i) => `https://example.com/${i}.png`),
      links: [],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toMatch(/at most 10 images/);
    const wrongShape = await call('POST', path, cookie, { images: 'https://example.com/a.png' });
    expect(wrongShape.statusCode).toBe(400);
    const notAnAddress = await call('POST', path, cookie, { images: ['not an address'], links: [] });
    expect(notAnAddress.statusCode).toBe(200);
    expect(notAnAddress.json().results[0]).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/not a web address/),
    });
  });
});

describeEachDatabase('POST /api/preflight/gmail-check', (kind) => {
  const t = useTestApp(kind);
  const call = apiCaller(() => t.app);
  const path = '/api/preflight/gmail-check';
  const ours = '<table style="color:#1a73e8"><tr><td><a href="https://ada.example">Ada</a></td></tr></table>';

  it('reads a pasted message for a signed-in person; strangers and empty pastes are refused with words', async () => {
    expect((await call('POST', path, undefined, { original: 'x', html: ours })).statusCode).toBe(401);
    const { cookie } = await signUpUser(t.app);
    const empty = await call('POST', path, cookie, { original: '   ', html: ours });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Show original');
    const message = await gmailSentMessage(gmailStoredCopy(ours));
    const res = await call('POST', path, cookie, { original: message, html: ours });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ found: true, storedLength: gmailStoredCopy(ours).length, dropped: [] });
    expect(res.json().predictedLength).toBe(gmailStoredCopy(ours).length);
  });
});
