// Credentials (issue 10): tokens stored hashed in the credentials file, compared in constant time,
// never logged; rate limiting per credential answers rate_limited (429) with Retry-After.
// Constant-time comparison is proved in constant-time.test.ts.
//
// Every leg runs against the real parts: the credentials parser and authenticator as the host
// uses them, and a real `takoform host` process for logging and rate limiting.

import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { bearerAuthenticator } from "../../host/auth/authenticate.js";
import { CredentialsError, parseCredentials } from "../../host/auth/credentials.js";
import { HostError } from "../../host/errors.js";
import { API, call } from "../unit/host/harness.js";
import { wireProblems } from "../unit/host/wire-schemas.js";
import { printFigures } from "./support/figures.js";
import { startHostProcess, tempDir, writeCredentials, type CredentialEntry } from "./support/host-process.js";

// heavy suites: generous bounds for a busy two-core machine
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const HASHED_TOKEN = "hashed-token-Zq8v1xN4c7Lw2pR5";
const PLAIN_TOKEN = "plain-token-Kt3m9Bv6Yd1sQe0u";
const OTHER_TOKEN = "other-tenant-token-Hf5j2Ua8Wn4g";
const CREDENTIALS: CredentialEntry[] = [
  { tokenSha256: sha256(HASHED_TOKEN), tenant: "tenant-a", principal: "alice" },
  { token: PLAIN_TOKEN, tenant: "tenant-a", principal: "bob" },
  { tokenSha256: sha256(OTHER_TOKEN).toUpperCase(), tenant: "tenant-b", principal: "carol" },
];
const DISCOVERY = "/.well-known/takoform/v1beta1";
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("credentials file: the hashed form", () => {
  it("accepts tokenSha256 beside the plain form and refuses what is ambiguous or malformed", () => {
    const parsed = parseCredentials(JSON.stringify({ credentials: CREDENTIALS }), "f");
    expect(parsed).toEqual([CREDENTIALS[0], CREDENTIALS[1], { tokenSha256: sha256(OTHER_TOKEN), tenant: "tenant-b", principal: "carol" }]);
    const refused = [
      { tenant: "t", principal: "p" },
      { token: PLAIN_TOKEN, tokenSha256: sha256(PLAIN_TOKEN), tenant: "t", principal: "p" },
      { tokenSha256: sha256(PLAIN_TOKEN).slice(1), tenant: "t", principal: "p" },
      { tokenSha256: "g".repeat(64), tenant: "t", principal: "p" },
      { tokenSha256: "sha256:" + sha256(PLAIN_TOKEN), tenant: "t", principal: "p" },
      { tokenSha256: 7, tenant: "t", principal: "p" },
    ];
    for (const entry of refused) {
      expect(() => parseCredentials(JSON.stringify({ credentials: [entry] }), "f"), JSON.stringify(entry)).toThrow(CredentialsError);
    }
    // one token written once in each form is one credential twice
    const twice = {
      credentials: [
        { token: PLAIN_TOKEN, tenant: "t", principal: "p" },
        { tokenSha256: sha256(PLAIN_TOKEN), tenant: "u", principal: "q" },
      ],
    };
    expect(() => parseCredentials(JSON.stringify(twice), "f")).toThrow(/same token/);
    // no refusal message ever quotes a token
    for (const entry of [{ token: PLAIN_TOKEN + "!", tenant: "t", principal: "p" }, ...twice.credentials.map((c) => ({ ...c }))]) {
      try {
        parseCredentials(JSON.stringify({ credentials: [entry, entry] }), "f");
      } catch (error) {
        expect(String((error as Error).message)).not.toContain(PLAIN_TOKEN);
      }
    }
  });

  it("authenticates a hashed credential exactly as its plain form, and nothing near it", () => {
    const authenticate = bearerAuthenticator(parseCredentials(JSON.stringify({ credentials: CREDENTIALS }), "f"));
    expect(authenticate(`Bearer ${HASHED_TOKEN}`)).toMatchObject({ tenant: "tenant-a", principal: "alice" });
    expect(authenticate(`Bearer ${PLAIN_TOKEN}`)).toMatchObject({ tenant: "tenant-a", principal: "bob" });
    expect(authenticate(`Bearer ${OTHER_TOKEN}`)).toMatchObject({ tenant: "tenant-b", principal: "carol" });
    const near = [
      HASHED_TOKEN.slice(0, -1),
      HASHED_TOKEN + "x",
      HASHED_TOKEN.toUpperCase(),
      sha256(HASHED_TOKEN), // presenting the stored digest is not presenting the token
      CREDENTIALS[0]!.tokenSha256!,
    ];
    for (const token of near) {
      const result = authenticate(`Bearer ${token}`);
      expect(result instanceof HostError && result.code, token).toBe("unauthenticated");
    }
  });
});

describe("a host process with hashed credentials", () => {
  it("authenticates hashed and plain tokens and never writes a token (or its digest) to stdout or stderr", async () => {
    const dir = tempDir("takoform-credentials-");
    dirs.push(dir);
    const host = await startHostProcess(["--data", dir, "--credentials", writeCredentials(dir, CREDENTIALS)], { quiet: false });
    const secrets = [HASHED_TOKEN, PLAIN_TOKEN, OTHER_TOKEN, `${HASHED_TOKEN}x`, "unknown-token-abcdefghijkl"];
    let requests = 0;
    let admitted = 0;
    let refused = 0;
    const send = async (path: string, options: Parameters<typeof call>[3]) => {
      requests++;
      const reply = await call(host.url, "GET", path, options);
      if (reply.status === 200) admitted++;
      if (reply.status === 401) refused++;
      return reply;
    };
    try {
      for (const token of [HASHED_TOKEN, PLAIN_TOKEN, OTHER_TOKEN]) expect((await send(DISCOVERY, { token })).status).toBe(200);
      expect((await send(`${API}/support/forms`, { token: HASHED_TOKEN })).status).toBe(200);
      for (const token of [`${HASHED_TOKEN}x`, "unknown-token-abcdefghijkl", sha256(HASHED_TOKEN)]) {
        const reply = await send(DISCOVERY, { token });
        expect(reply.status).toBe(401);
        expect(reply.json.error.code).toBe("unauthenticated");
        expect(reply.text).not.toContain(token);
      }
      // tokens where they do not belong: another scheme, a query string, a lower-case scheme, a custom header
      await send(DISCOVERY, { token: null, headers: { authorization: `Basic ${Buffer.from(`x:${PLAIN_TOKEN}`).toString("base64")}` } });
      await send(`${DISCOVERY}?access_token=${PLAIN_TOKEN}`, { token: null });
      expect((await send(DISCOVERY, { token: null, headers: { authorization: `bearer ${PLAIN_TOKEN}` } })).status).toBe(200);
      await send(`${API}/no-such-route/${OTHER_TOKEN}`, { token: OTHER_TOKEN, headers: { "x-token": HASHED_TOKEN } });
    } finally {
      expect(await host.stop()).toBe(0);
    }
    const output = host.stdout() + host.stderr();
    const logLines = host
      .stderr()
      .split("\n")
      .filter((line) => line.startsWith("{"));
    expect(logLines.length).toBe(requests); // the request log was on and wrote one line per request
    for (const secret of secrets) {
      expect(output.includes(secret), `stdout/stderr carries ${secret}`).toBe(false);
      expect(output.includes(sha256(secret)), `stdout/stderr carries the digest of ${secret}`).toBe(false);
    }
    printFigures("credentials", "token logging", { requests, admitted, refused, logLines: logLines.length, tokensFoundInOutput: 0 });
  });

  it("a credentials file the host refuses is reported without quoting any token", async () => {
    const dir = tempDir("takoform-credentials-bad-");
    dirs.push(dir);
    const bad = [
      { token: PLAIN_TOKEN, tenant: "t", principal: "p" },
      { token: PLAIN_TOKEN, tenant: "u", principal: "q" },
    ];
    const failed = await startHostProcess(["--data", dir, "--credentials", writeCredentials(dir, bad)]).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failed).toMatch(/exited with 2/);
    expect(failed).not.toContain(PLAIN_TOKEN);
  });
});

describe("per-credential rate limiting", () => {
  it("refuses a credential over its rate with rate_limited, Retry-After and retryable: true, leaving others untouched", async () => {
    const dir = tempDir("takoform-rate-");
    dirs.push(dir);
    const host = await startHostProcess(["--data", dir, "--credentials", writeCredentials(dir, CREDENTIALS), "--rate-limit", "4:4"]);
    try {
      const started = Date.now();
      const [busy, calm, anonymous] = await Promise.all([
        Promise.all(Array.from({ length: 24 }, () => call(host.url, "GET", DISCOVERY, { token: HASHED_TOKEN }))),
        Promise.all(Array.from({ length: 4 }, () => call(host.url, "GET", DISCOVERY, { token: OTHER_TOKEN }))),
        Promise.all(Array.from({ length: 8 }, () => call(host.url, "GET", DISCOVERY, { token: null }))),
      ]);
      const limited = busy.filter((reply) => reply.status === 429);
      const admitted = busy.filter((reply) => reply.status === 200);
      expect(admitted.length + limited.length).toBe(busy.length);
      // the burst of 4, plus what 4/s refills while the 24 requests were being answered
      const refilled = Math.ceil((4 * (Date.now() - started)) / 1000);
      expect(admitted.length).toBeGreaterThanOrEqual(4);
      expect(admitted.length).toBeLessThanOrEqual(4 + refilled);
      expect(limited.length).toBeGreaterThan(0);
      let retryAfter = 0;
      for (const reply of limited) {
        expect(wireProblems("errorEnvelope", reply.json)).toEqual([]);
        expect(reply.json.error).toMatchObject({ code: "rate_limited", retryable: true });
        expect(reply.json.error.message.length).toBeGreaterThan(0);
        expect(reply.headers.get("retry-after")).toMatch(/^[1-9][0-9]*$/);
        expect(reply.headers.get("takoform-request-id")).toBe(reply.json.error.requestId);
        retryAfter = Math.max(retryAfter, Number(reply.headers.get("retry-after")));
      }
      // another credential has a bucket of its own; an unauthenticated request is refused for that, not for rate
      expect(calm.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(anonymous.map((reply) => reply.status))).toEqual(new Set([401]));
      // honouring Retry-After is enough to be admitted again
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
      expect((await call(host.url, "GET", DISCOVERY, { token: HASHED_TOKEN })).status).toBe(200);
      printFigures("credentials", "rate limit 4/s burst 4", {
        sent: busy.length,
        admitted: admitted.length,
        rateLimited: limited.length,
        retryAfterSeconds: retryAfter,
        otherCredentialAdmitted: calm.length,
      });
    } finally {
      expect(await host.stop()).toBe(0);
    }
  });

  it("is off by default: a burst of 200 requests from one credential is never rate limited", async () => {
    const dir = tempDir("takoform-rate-off-");
    dirs.push(dir);
    const host = await startHostProcess(["--data", dir, "--credentials", writeCredentials(dir, CREDENTIALS)]);
    try {
      const replies = await Promise.all(Array.from({ length: 200 }, () => call(host.url, "GET", DISCOVERY, { token: PLAIN_TOKEN })));
      expect(replies.filter((reply) => reply.status !== 200)).toEqual([]);
    } finally {
      expect(await host.stop()).toBe(0);
    }
  });
});
