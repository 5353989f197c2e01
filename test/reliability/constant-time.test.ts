// Credentials (issue 10): tokens are compared in constant time. Proved structurally, so it cannot
// flake on a loaded machine: every authentication makes exactly one crypto.timingSafeEqual call per
// configured credential, each over two 32-byte digests, whichever entry matches, whether one does,
// and whatever the presented token's length. An authenticator that stops at its match, compares
// strings, or compares the raw token makes a different number or shape of calls and fails here.
// The wall-clock cost of first / last / no match is measured too, and printed as a figure only.

import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Node's own timingSafeEqual, wrapped so the test sees each call (our parts are not mocked).
const comparisons = vi.hoisted(() => ({ calls: [] as { left: number; right: number }[] }));
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  const timingSafeEqual = (left: NodeJS.ArrayBufferView, right: NodeJS.ArrayBufferView): boolean => {
    comparisons.calls.push({ left: left.byteLength, right: right.byteLength });
    return actual.timingSafeEqual(left, right);
  };
  return { ...actual, default: { ...actual, timingSafeEqual }, timingSafeEqual };
});

const { bearerAuthenticator } = await import("../../host/auth/authenticate.js");
const { HostError } = await import("../../host/errors.js");
const { printFigures } = await import("./support/figures.js");

const COUNT = 2000;
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const tokenOf = (i: number) => `token-${String(i).padStart(6, "0")}-abcdefghijkl`;
// every other credential in the hashed form, so both forms are compared alike
const CREDENTIALS = Array.from({ length: COUNT }, (_, i) =>
  i % 2 === 0 ? { token: tokenOf(i), tenant: `t${i}`, principal: `p${i}` } : { tokenSha256: sha256(tokenOf(i)), tenant: `t${i}`, principal: `p${i}` },
);
const authenticate = bearerAuthenticator(CREDENTIALS);

const PRESENTED: Record<string, { token: string; matches?: number }> = {
  "first entry": { token: tokenOf(0), matches: 0 },
  "middle entry (hashed form)": { token: tokenOf(1001), matches: 1001 },
  "last entry": { token: tokenOf(COUNT - 1), matches: COUNT - 1 },
  "no entry": { token: tokenOf(999_999) },
  "the first entry but its last character": { token: tokenOf(0).slice(0, -1) + "m" },
  "one character": { token: "x" },
  "4096 characters": { token: "y".repeat(4096) },
  "a stored digest presented as a token": { token: sha256(tokenOf(1)) },
};

describe("constant-time token comparison", () => {
  beforeEach(() => {
    comparisons.calls.length = 0;
  });

  for (const [label, { token, matches }] of Object.entries(PRESENTED)) {
    it(`${label}: one timingSafeEqual per credential, each over two 32-byte digests`, () => {
      const result = authenticate(`Bearer ${token}`);
      if (matches === undefined) expect(result instanceof HostError && result.code).toBe("unauthenticated");
      else expect(result).toMatchObject({ tenant: `t${matches}`, principal: `p${matches}` });
      expect(comparisons.calls.length).toBe(COUNT);
      expect(comparisons.calls.every((call) => call.left === 32 && call.right === 32)).toBe(true);
    });
  }

  it("a header that is not a bearer credential is refused without comparing anything", () => {
    for (const header of [undefined, "", "Basic eDp5", "Bearer", "Bearer a b"]) {
      const result = authenticate(header);
      expect(result instanceof HostError && result.code, String(header)).toBe("unauthenticated");
    }
    expect(comparisons.calls.length).toBe(0);
  });

  it("measures the cost of first, last and no match (a figure, not an assertion: timing belongs to bench/)", () => {
    const cases = { first: `Bearer ${tokenOf(0)}`, last: `Bearer ${tokenOf(COUNT - 1)}`, none: `Bearer ${tokenOf(999_999)}` };
    const samples: Record<keyof typeof cases, number[]> = { first: [], last: [], none: [] };
    for (let round = 0; round < 40; round++) {
      for (const [label, header] of Object.entries(cases) as [keyof typeof cases, string][]) {
        const started = process.hrtime.bigint();
        for (let i = 0; i < 5; i++) authenticate(header);
        samples[label].push(Number(process.hrtime.bigint() - started));
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const [first, last, none] = [median(samples.first), median(samples.last), median(samples.none)];
    // the structural proof above holds for every one of these 600 calls
    expect(comparisons.calls.length).toBe(600 * COUNT);
    printFigures("credentials", `authenticator cost over ${COUNT} credentials (median ns per 5 calls)`, {
      first,
      last,
      none,
      firstOverLast: (first / last).toFixed(2),
      noneOverLast: (none / last).toFixed(2),
    });
  });
});
