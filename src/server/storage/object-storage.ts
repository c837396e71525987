import path from 'node:path';
import type { AppConfig } from '../config';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';

export type StoredObject = { bytes: Buffer; contentType: string };

/** Where uploaded and public files live: files under DATA_DIR by default, or an S3 bucket. */
export interface ObjectStorage {
  /** Writes the whole object or nothing: a reader never sees half a file. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Resolves when the store answers and can be written to (GET /api/ready); else a StorageUnavailableError naming why. */
  check(): Promise<void>;
}

/** S3 when S3_BUCKET is set, otherwise files in DATA_DIR/objects. */
export function createObjectStorage(config: AppConfig, log?: { error(obj: object, msg: string): void }): ObjectStorage {
  if (!config.s3) return createDiskStorage(path.join(config.dataDir, 'objects'));
  const { bucket, region, endpoint, accessKeyId, secretAccessKey, sessionToken } = config.s3;
  return createS3Storage({
    bucket,
    region,
    endpoint,
    credentials: { accessKeyId, secretAccessKey, sessionToken },
    ...(log ? { log } : {}),
  });
}
