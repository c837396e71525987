import { randomUUID } from 'node:crypto';
import { access, constants, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStorage } from './object-storage';
import { StorageUnavailableError } from './storage-error';
import { assertStorageKey } from './storage-key';

const META_SUFFIX = '.meta.json';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Writes to a temporary file beside the target, flushes it, then renames it into place: rename is
 * atomic on one file system, so a crash leaves either the old file or the whole new one.
 */
async function writeFileAtomically(file: string, bytes: Buffer | string): Promise<void> {
  // The leading dot keeps temporary names outside the key pattern, so no key can collide with one.
  const temp = path.join(path.dirname(file), `.tmp-${randomUUID()}`);
  const handle = await open(temp, 'w', 0o644);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Objects as files under root; each file's content type sits in a small JSON file beside it. */
export function createDiskStorage(root: string): ObjectStorage {
  const fileFor = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };

  return {
    async put(key, bytes, contentType) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // The content type goes first: a crash between the two writes leaves no readable object.
      await writeFileAtomically(file + META_SUFFIX, JSON.stringify({ contentType }));
      await writeFileAtomically(file, bytes);
    },

    async get(key) {
      const file = fileFor(key);
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      let contentType = 'application/octet-stream';
      try {
        const meta = JSON.parse(await readFile(file + META_SUFFIX, 'utf8')) as { contentType?: unknown };
        if (typeof meta.contentType === 'string') contentType = meta.contentType;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      return { bytes, contentType };
    },

    async delete(key) {
      const file = fileFor(key);
      await rm(file, { force: true });
      await rm(file + META_SUFFIX, { force: true });
    },

    async check() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
      } catch (error) {
        throw new StorageUnavailableError(
          'check',
          `the folder ${root} cannot be written to (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
        );
      }
    },
  };
}
