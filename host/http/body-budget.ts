// Request-body bytes in flight, bounded per credential and for the whole host (docs/security.md):
// a body's bytes are reserved as they arrive (its declared Content-Length at once) and released
// when the request ends, fails or is dropped. A reservation past either bound is refused with
// rate_limited (429, retryable): the client may send it again once its earlier bodies are done.

export interface BodyBudgetOptions {
  /** Bytes one credential may have in flight. */
  perCredential: number;
  /** Bytes all requests together may have in flight. */
  overall: number;
}

export const DEFAULT_BODY_BUDGET: Readonly<BodyBudgetOptions> = Object.freeze({
  perCredential: 48 * 1024 * 1024,
  overall: 256 * 1024 * 1024,
});

export class BodyBudget {
  readonly #limits: BodyBudgetOptions;
  readonly #held = new Map<string, number>();
  #total = 0;

  constructor(limits: BodyBudgetOptions = DEFAULT_BODY_BUDGET) {
    this.#limits = limits;
  }

  /** Reserves bytes for a credential; answers which bound would be passed, or undefined when reserved. */
  reserve(credential: string, bytes: number): "credential" | "overall" | undefined {
    const held = this.#held.get(credential) ?? 0;
    if (held + bytes > this.#limits.perCredential) return "credential";
    if (this.#total + bytes > this.#limits.overall) return "overall";
    this.#held.set(credential, held + bytes);
    this.#total += bytes;
    return undefined;
  }

  release(credential: string, bytes: number): void {
    const held = (this.#held.get(credential) ?? 0) - bytes;
    if (held <= 0) this.#held.delete(credential);
    else this.#held.set(credential, held);
    this.#total = Math.max(0, this.#total - bytes);
  }

  get total(): number {
    return this.#total;
  }

  limitOf(bound: "credential" | "overall"): number {
    return bound === "credential" ? this.#limits.perCredential : this.#limits.overall;
  }
}
