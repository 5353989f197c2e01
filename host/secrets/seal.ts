// Sealing of sensitive values at rest (host extension, docs/decisions/0200-sensitive-values.md):
// AES-256-GCM under a 32-byte key kept in the data directory (`secrets.key`, mode 0600, created
// once and reused on every start), or in the database for replicas of a PostgreSQL store (ADR 0266). The additional authenticated data is the value's full address
// (tenant, space, worker, name), so sealed bytes copied to another address do not open there.

import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

export const SECRETS_KEY_FILE = "secrets.key";

/** What the store holds for one value: never the plaintext. */
export interface SealedValue {
  /** base64 of the 12-byte nonce. */
  iv: string;
  /** base64 ciphertext. */
  data: string;
  /** base64 of the 16-byte GCM tag. */
  tag: string;
}

export interface SecretAddress {
  tenant: string;
  space: string;
  worker: string;
  name: string;
}

function aadOf(address: SecretAddress): Buffer {
  return Buffer.from(JSON.stringify([address.tenant, address.space, address.worker, address.name]), "utf8");
}

/** Reads the data directory's sealing key, creating it (0600) on first use. */
export function secretsKey(dataDir: string): Buffer {
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32).toString("base64") + "\n", { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process of this data dir created it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return existingSecretsKey(dataDir)!;
}

/**
 * The data directory's sealing key when it has one, never creating it. Replicas of a shared store
 * keep the key in the database instead (store/postgres-secret.ts); this is what a replica offers
 * the database when it held values before.
 */
export function existingSecretsKey(dataDir: string): Buffer | undefined {
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  if (!existsSync(file)) return undefined;
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  if (key.length !== 32) throw new Error(`${file}: not a secrets key (expected 32 base64-encoded bytes)`);
  return key;
}

export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Uint8Array) {
    this.#key = Buffer.from(key);
  }

  static forDataDir(dataDir: string): SecretBox {
    return new SecretBox(secretsKey(dataDir));
  }

  seal(address: SecretAddress, value: string): SealedValue {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv);
    cipher.setAAD(aadOf(address));
    const data = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
    return { iv: iv.toString("base64"), data: data.toString("base64"), tag: cipher.getAuthTag().toString("base64") };
  }

  /** The plaintext, or throws when the bytes were altered, moved or sealed under another key. */
  unseal(address: SecretAddress, sealed: SealedValue): string {
    const decipher = createDecipheriv("aes-256-gcm", this.#key, Buffer.from(sealed.iv, "base64"));
    decipher.setAAD(aadOf(address));
    decipher.setAuthTag(Buffer.from(sealed.tag, "base64"));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, "base64")), decipher.final()]).toString("utf8");
  }
}
