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
