// The host secret keying prepare bindings (rules/prepare/prepare-binding.ts): 32 random bytes
// created once in the data directory (mode 0600) and reused on every start, so a review minted
// before a restart is still spendable after it.

import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export function hostSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, "host-secret");
  if (existsSync(file)) {
    const secret = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
    if (secret.length >= 32) return secret;
    throw new Error(`${file}: not a host secret (expected 32 base64-encoded bytes)`);
  }
  const secret = randomBytes(32);
  writeFileSync(file, secret.toString("base64") + "\n", { mode: 0o600, flag: "wx" });
  return secret;
}
