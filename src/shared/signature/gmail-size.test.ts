import { describe, expect, it } from 'vitest';
import { GMAIL_REHOSTED_IMAGE_URL_CHARS, measureGmailSize } from './gmail-size';

describe('measureGmailSize', () => {
  it('counts escaped output, not raw text', () => {
    const html = '<a href="https://x.test/?a=1&amp;b=2">A &amp; B</a>';
    expect(measureGmailSize(html).characters).toBe(html.length);
  });

  it('replaces each image URL by the length of Gmail’s re-hosted URL', () => {
    const src = 'https://sig.example.com/u/abc.png';
    const html = `<img src="${src}" width="80" height="80" alt="">`;
    const size = measureGmailSize(html);
    expect(size.stored).toBe(html.length - src.length + GMAIL_REHOSTED_IMAGE_URL_CHARS);
  });

  it('counts hex colours as the rgb() Gmail writes', () => {
    const html = '<span style="color:#1a73e8">x</span>';
    // #1a73e8 (7) becomes rgb(26, 115, 232) (17)
    expect(measureGmailSize(html).stored).toBe(html.length + 10);
    expect(measureGmailSize('<b style="color:#fff">x</b>').stored).toBe(
      '<b style="color:#fff">x</b>'.length + 'rgb(255, 255, 255)'.length - 4,
    );
  });

  it('warns from 8,000 and is over above 10,000 stored characters', () => {
    expect(measureGmailSize('x'.repeat(7999)).status).toBe('ok');
    expect(measureGmailSize('x'.repeat(8000)).status).toBe('warn');
    expect(measureGmailSize('x'.repeat(10000)).status).toBe('warn');
    expect(measureGmailSize('x'.repeat(10001)).status).toBe('over');
    const manyImages = '<img src="a">'.repeat(80);
    expect(manyImages.length).toBeLessThan(8000);
    expect(measureGmailSize(manyImages).status).toBe('over');
  });
});
