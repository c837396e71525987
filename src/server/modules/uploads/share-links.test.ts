import { describe, expect, it } from 'vitest';
import { resolveShareLink } from './share-links';

const resolve = (url: string) => resolveShareLink(new URL(url)).url.href;

describe('resolveShareLink', () => {
  it('turns a Google Drive share page into the file', () => {
    const file = 'https://drive.google.com/uc?export=download&id=1AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    expect(resolve('https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUvWxYz012345/view?usp=sharing')).toBe(file);
    expect(resolve('https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUvWxYz012345/view')).toBe(file);
    expect(resolve('https://drive.google.com/open?id=1AbCdEfGhIjKlMnOpQrStUvWxYz012345')).toBe(file);
    expect(resolve('https://drive.google.com/uc?id=1AbCdEfGhIjKlMnOpQrStUvWxYz012345&export=view')).toBe(file);
  });

  it('turns a Dropbox share page into the file, keeping its access key', () => {
    expect(resolve('https://www.dropbox.com/s/abc123/logo.png?dl=0')).toBe(
      'https://www.dropbox.com/s/abc123/logo.png?raw=1',
    );
    expect(resolve('https://www.dropbox.com/scl/fi/xyz789/logo.png?rlkey=k3y&st=s7&dl=0')).toBe(
      'https://www.dropbox.com/scl/fi/xyz789/logo.png?rlkey=k3y&st=s7&raw=1',
    );
  });

  it('says what to do when the link cannot be a file', () => {
    expect(() => resolve('https://drive.google.com/drive/folders/1AbCdEfGhIj')).toThrow(/opens a folder/);
    expect(() => resolve('https://docs.google.com/document/d/1AbCdEfGhIj/edit')).toThrow(/Google Docs page/);
    expect(() => resolve('https://www.dropbox.com/sh/abc/def?dl=0')).toThrow(/opens a folder/);
    expect(() => resolve('https://www.dropbox.com/scl/fo/abc/def?rlkey=x')).toThrow(/opens a folder/);
    expect(() => resolve('https://photos.app.goo.gl/AbCdEf')).toThrow(/Google Photos/);
  });

  it('leaves other addresses alone', () => {
    expect(resolveShareLink(new URL('https://cdn.example.com/logo.png?v=2'))).toEqual({
      url: new URL('https://cdn.example.com/logo.png?v=2'),
      service: null,
    });
  });
});
