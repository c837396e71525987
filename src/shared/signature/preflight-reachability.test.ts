import { describe, expect, it } from 'vitest';
import { reachabilityItem, reachabilityRequest } from './preflight-reachability';
import type { SignatureManifest } from './signature-manifest';

const image = (url: string) => ({
  url,
  origin: new URL(url).origin,
  onPublicOrigin: url.startsWith('https://sig.example/'),
  role: 'logo' as const,
  alt: '',
  width: 80,
  height: null,
  density: 2,
});
const manifest: Pick<SignatureManifest, 'images' | 'links'> = {
  images: [image('https://sig.example/objects/a.png'), image('https://cdn.other.example/b.png')],
  links: [
    { href: 'https://ada.example', kind: 'web', role: 'website' },
    { href: 'mailto:ada@ada.example', kind: 'mailto', role: 'email' },
    { href: 'tel:+15550100', kind: 'tel', role: 'phone' },
    { href: 'https://sig.example', kind: 'web', role: 'watermark' },
    { href: 'https://ada.example', kind: 'web', role: 'logo' },
  ],
};

describe('reachabilityRequest', () => {
  it('asks for our own images on an https origin and each web link once, never the watermark', () => {
    expect(reachabilityRequest(manifest, 'https://sig.example')).toEqual({
      images: ['https://sig.example/objects/a.png'],
      links: ['https://ada.example'],
    });
  });

  it('leaves images out on an http origin, where another item already fails them', () => {
    expect(reachabilityRequest(manifest, 'http://localhost:5000').images).toEqual([]);
  });
});

describe('reachabilityItem', () => {
  it('fails on an unreachable image with the PUBLIC_URL fix, warns on a sign-in wall', () => {
    const failed = reachabilityItem(
      [
        {
          url: 'https://10.0.0.5/objects/a.png',
          kind: 'image',
          status: 'fail',
          detail: 'That address points to a private or local network, which recipients cannot reach.',
        },
        {
          url: 'https://ada.example/wiki',
          kind: 'link',
          status: 'warn',
          detail: 'It sends recipients to a sign-in page.',
        },
      ],
      2,
    );
    expect(failed).toMatchObject({ id: 'reachable', status: 'fail', title: 'Recipients cannot reach everything' });
    expect(failed.detail).toBe(
      '10.0.0.5/objects/a.png: That address points to a private or local network, which recipients cannot reach.',
    );
    expect(failed.fix).toContain('PUBLIC_URL');

    const warned = reachabilityItem(
      [
        {
          url: 'https://ada.example/wiki',
          kind: 'link',
          status: 'warn',
          detail: 'It sends recipients to a sign-in page.',
        },
      ],
      1,
    );
    expect(warned).toMatchObject({ status: 'warn', title: 'A link may not work for recipients' });
    expect(warned.fix).toMatch(/without signing in/);
  });

  it('passes when everything loads, and is pending while the server works', () => {
    expect(
      reachabilityItem([{ url: 'https://ada.example', kind: 'link', status: 'pass', detail: '' }], 1),
    ).toMatchObject({
      status: 'pass',
      detail: '1 address loaded from the internet, as a recipient would.',
    });
    expect(reachabilityItem('pending', 3).status).toBe('pending');
    expect(reachabilityItem('unavailable', 3).status).toBe('pass');
  });
});
