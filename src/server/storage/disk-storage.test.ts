import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage';

describe('disk storage', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sp-storage-'));
  const storage = createDiskStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('puts, gets and deletes an object with its content type', async () => {
    await storage.put('public/a.png', Buffer.from('png bytes'), 'image/png');
    const got = await storage.get('public/a.png');
    expect(got?.bytes.toString()).toBe('png bytes');
    expect(got?.contentType).toBe('image/png');
    await storage.delete('public/a.png');
    expect(await storage.get('public/a.png')).toBeNull();
    // Deleting twice is fine.
    await storage.delete('public/a.png');
  });

  it('replaces an object whole and leaves no temporary files behind', async () => {
    await storage.put('raw/b', Buffer.alloc(1000, 1), 'image/jpeg');
    await storage.put('raw/b', Buffer.alloc(10, 2), 'image/gif');
    const got = await storage.get('raw/b');
    expect(got?.bytes).toEqual(Buffer.alloc(10, 2));
    expect(got?.contentType).toBe('image/gif');
    expect(readdirSync(path.join(root, 'raw')).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });

  it('answers null for a missing object', async () => {
    expect(await storage.get('public/missing.png')).toBeNull();
  });

  it('refuses keys that could leave the storage folder', async () => {
    for (const key of ['../x', '/etc/passwd', 'a/../../b', 'a\\b', '.tmp-1', 'a//b', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    }
  });
});
