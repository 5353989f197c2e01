// Content-addressed blob bytes, one file per sha256 under DATA/blobs/. Physical storage is shared
// by every tenant (a host MAY deduplicate); who may USE an address is a per-tenant holding kept in
// the store (artifacts/holdings.ts), never the presence of a file. A file is written to a temporary
// name, fsynced and renamed, so a blob is either absent or complete; files are never deleted while
// a committed manifest might name them (this host does not collect blob files at all).

import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";

const DIGEST = /^sha256:([0-9a-f]{64})$/;

export class BlobFiles {
  readonly #dir: string;

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
}
