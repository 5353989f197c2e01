// Per-check, per-run allocation of everything a check names: resource names, idempotency keys,
// native ids, hostnames. Each check draws from its own sequence under a run id, so no two checks
// (and no two runs against one host) ever share a name, and checks stay independent of order.

import { createHash, randomBytes } from "node:crypto";

export function newRunId(): string {
  // 6 base-36 characters; always starts with a letter so it can open a resource name.
  const n = randomBytes(4).readUInt32BE(0) % 36 ** 5;
  return "r" + n.toString(36).padStart(5, "0");
}

export class NameAllocator {
  private n = 0;
  private readonly code: string;

  constructor(
    readonly runId: string,
    readonly check: string,
  ) {
    this.code = createHash("sha256").update(check).digest("hex").slice(0, 5);
  }

  /** A fresh resource name of the portable grammar ^[a-z][a-z0-9-]{0,62}$. */
  name(hint = "p"): string {
    const h =
      hint
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "")
        .slice(0, 12) || "p";
    const first = /^[a-z]/.test(h) ? h : "p" + h;
    return `${first}-${this.runId}-${this.code}-${++this.n}`;
  }

  /** A fresh Idempotency-Key. */
  key(): string {
    return `conformance-${this.runId}-${this.code}-k${++this.n}`;
  }

  /** A fresh native identity for an adoption. */
  nativeId(hint = "native"): string {
    return `${hint}-${this.runId}-${this.code}-${++this.n}`;
  }

  /** A fresh DNS hostname under the reserved .invalid TLD. */
  hostname(hint = "app"): string {
    return `${hint}-${this.runId}-${this.code}-${++this.n}.conformance.invalid`;
  }
}
