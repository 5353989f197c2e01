// Content-addressed blob bytes, one file per sha256 under DATA/blobs/. Physical storage is shared
// by every tenant (a host MAY deduplicate); who may USE an address is a per-tenant holding kept in
// the store (artifacts/holdings.ts), never the presence of a file. A file is written to a temporary
// name, fsynced and renamed, so a blob is either absent or complete. A file is removed only by the
// host's garbage collection, when no tenant holds its address and no upload is writing it
// (lifecycle/retention/garbage-collection.ts).

import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";

const DIGEST = /^sha256:([0-9a-f]{64})$/;

export class BlobFiles {
  readonly #dir: string;
  /** Digests an upload is writing and has not yet recorded a hold for (never collected). */
  readonly #writing = new Map<string, number>();

  constructor(dataDir: string) {
    this.#dir = path.join(dataDir, "blobs");
    mkdirSync(this.#dir, { recursive: true });
  }

  #file(digest: string): string {
    const match = DIGEST.exec(digest);
    if (match === null) throw new Error(`not a sha256 digest: ${digest}`);
    return path.join(this.#dir, match[1]!);
  }

  has(digest: string): boolean {
    return existsSync(this.#file(digest));
  }

  read(digest: string): Buffer | undefined {
    const file = this.#file(digest);
    return existsSync(file) ? readFileSync(file) : undefined;
  }

  /** Stores bytes the caller has already verified to hash to `digest`. */
  write(digest: string, bytes: Uint8Array): void {
    const file = this.#file(digest);
    if (existsSync(file)) return;
    const temporary = path.join(this.#dir, `.tmp-${randomBytes(8).toString("hex")}`);
    const fd = openSync(temporary, "w", 0o600);
    try {
      writeSync(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
    const dir = openSync(this.#dir, "r");
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  }

  /** Runs `work` (write the bytes, then record the hold) with the digest protected from collection. */
  async writing<T>(digest: string, work: () => Promise<T>): Promise<T> {
    this.#writing.set(digest, (this.#writing.get(digest) ?? 0) + 1);
    try {
      return await work();
    } finally {
      const left = (this.#writing.get(digest) ?? 1) - 1;
      if (left === 0) this.#writing.delete(digest);
      else this.#writing.set(digest, left);
    }
  }

  isBeingWritten(digest: string): boolean {
    return this.#writing.has(digest);
  }

  /** Every stored digest (temporary files excluded). */
  digests(): string[] {
    return readdirSync(this.#dir)
      .filter((name) => /^[0-9a-f]{64}$/.test(name))
      .map((hex) => `sha256:${hex}`);
  }

  /** Deletes the bytes of one address (the caller proved nobody holds it). */
  remove(digest: string): void {
    const file = this.#file(digest);
    if (existsSync(file)) unlinkSync(file);
  }
}
