import { describe, expect, it } from 'vitest';
import {
  contactLinkProblem,
  isDataOrBase64Url,
  isOnOrigin,
  normalizeUrl,
  safeHref,
  safeImageSrc,
} from './url-normalise';

const ORIGIN = 'https://app.example.com';
const DEV_ORIGIN = 'http://localhost:5000';

describe('normalizeUrl', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    ['  https://example.com/a  ', 'https://example.com/a'],
    ['/objects/x.png', 'https://app.example.com/objects/x.png'],
    ['http://example.com/a?b=1#c', 'https://example.com/a?b=1#c'],
    ['HTTPS://Example.com', 'https://Example.com'],
    ['example.com', 'https://example.com'],
    ['www.example.com/path with space', 'https://www.example.com/path%20with%20space'],
    ['example.com:8080/x', 'https://example.com:8080/x'],
    // Internationalised hosts in punycode.
    ['münchen.de', 'https://xn--mnchen-3ya.de'],
    ['mailto:jo@example.com', 'mailto:jo@example.com'],
    ['tel:+15550100', 'tel:+15550100'],
    ['https://[2001:db8::1]/a', 'https://[2001:db8::1]/a'],
  ])('turns %j into %j', (value, expected) => {
    expect(normalizeUrl(value, ORIGIN)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    '\u0000javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'javascript\u0000:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/a',
    '//evil.example/a',
    '/\\evil.example/a',
    '\\\\evil.example\\a',
    'https:evil.example',
    'https:\\\\evil.example',
    'https://',
    'https:///path',
    'https://bank.example@evil.example/',
    'https://<script>/',
    '?q=1',
    'mailto:',
    'justoneword',
  ])('drops %j', (value) => {
    expect(normalizeUrl(value, ORIGIN)).toBe('');
  });

  it('keeps http on the configured origin, where development runs without TLS', () => {
    expect(normalizeUrl('http://localhost:5000/objects/a.png', DEV_ORIGIN)).toBe('http://localhost:5000/objects/a.png');
    expect(normalizeUrl('/objects/a.png', DEV_ORIGIN)).toBe('http://localhost:5000/objects/a.png');
    expect(normalizeUrl('http://localhost:5001/a.png', DEV_ORIGIN)).toBe('https://localhost:5001/a.png');
  });

  it('tolerates an origin given with a trailing slash', () => {
    expect(normalizeUrl('/a', `${ORIGIN}/`)).toBe(`${ORIGIN}/a`);
  });
});

describe('isOnOrigin', () => {
  it('accepts the origin and paths below it only', () => {
    expect(isOnOrigin(ORIGIN, ORIGIN)).toBe(true);
    expect(isOnOrigin(`${ORIGIN}/x`, ORIGIN)).toBe(true);
    expect(isOnOrigin('HTTPS://APP.EXAMPLE.COM/x', ORIGIN)).toBe(true);
    expect(isOnOrigin(`${ORIGIN}.evil.example/x`, ORIGIN)).toBe(false);
    expect(isOnOrigin('https://app.example.co', ORIGIN)).toBe(false);
  });
});

describe('isDataOrBase64Url', () => {
  it.each([
    'data:image/png;base64,AAAA',
    ' DATA:image/gif,xyz',
    'd\u0000ata:image/png,x',
    'https://cdn.example/a;base64,AAAA',
  ])('flags %j', (value) => expect(isDataOrBase64Url(value)).toBe(true));
  it.each(['', 'https://cdn.example/a.png', '/objects/data.png', 'https://example.com/metadata:x'])(
    'passes %j',
    (value) => expect(isDataOrBase64Url(value)).toBe(false),
  );
});

describe('safeHref', () => {
  it('normalises links and keeps the four allowed schemes', () => {
    expect(safeHref('example.com', ORIGIN)).toBe('https://example.com');
    expect(safeHref('MAILTO:jo@example.com', ORIGIN)).toBe('mailto:jo@example.com');
    expect(safeHref('javascript:alert(1)', ORIGIN)).toBe('');
  });
});

describe('safeImageSrc', () => {
  it.each([
    ['/objects/a.png', `${ORIGIN}/objects/a.png`],
    ['https://cdn.example/a.png', 'https://cdn.example/a.png'],
    ['http://cdn.example/a.gif', 'https://cdn.example/a.gif'],
    ['cdn.example/a.jpg?v=2', 'https://cdn.example/a.jpg?v=2'],
    ['https://cdn.example/a.png#x.svg', 'https://cdn.example/a.png#x.svg'],
  ])('accepts %j as %j', (value, expected) => {
    expect(safeImageSrc(value, ORIGIN)).toBe(expected);
  });

  it.each([
    'data:image/png;base64,iVBORw0KGgo=',
    'https://cdn.example/a.svg',
    'https://cdn.example/a.SVG?x=1',
    'https://cdn.example/a.svgz',
    'mailto:jo@example.com',
    'tel:+1555',
    'javascript:alert(1)',
    '//cdn.example/a.png',
  ])('rejects %j', (value) => {
    expect(safeImageSrc(value, ORIGIN)).toBe('');
  });

  it('accepts http images on the development origin only', () => {
    expect(safeImageSrc('/objects/a.png', DEV_ORIGIN)).toBe('http://localhost:5000/objects/a.png');
    expect(safeImageSrc('http://localhost:5000/objects/a.png', DEV_ORIGIN)).toBe('http://localhost:5000/objects/a.png');
  });
});

describe('mailto: and tel: links held to the strict rules', () => {
  it('keeps one plain address and refuses headers or a body, in words', () => {
    expect(normalizeUrl('mailto:ada@example.com', ORIGIN)).toBe('mailto:ada@example.com');
    for (const bad of ['mailto:ada@example.com?bcc=eve@example.com', 'mailto:ada@example.com&body=Hi', 'mailto:']) {
      expect(normalizeUrl(bad, ORIGIN)).toBe('');
      expect(contactLinkProblem(bad)).toMatch(/one plain email address and nothing after it/);
    }
    expect(contactLinkProblem('mailto:ada@example.com')).toBeNull();
  });

  it('dials digits only: separators dropped, anything else refused', () => {
    expect(normalizeUrl('tel:+1 (415) 555-0134', ORIGIN)).toBe('tel:+14155550134');
    for (const bad of ['tel:+1555;ext=22', 'tel:+1<script>', 'tel:call-me']) {
      expect(normalizeUrl(bad, ORIGIN)).toBe('');
      expect(contactLinkProblem(bad)).toMatch(/digits only/);
    }
    expect(contactLinkProblem('https://example.com/?a=1&b=2')).toBeNull();
  });
});
