// Wire rules: discovery, path shape, raw-first I-JSON, closed envelopes, exact queries, errors.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { ERROR_CODES, ERROR_STATUS, RETRYABLE_CODES } from "../../../corpus/lib/index.js";
import { API, builtinCatalog, call, startTestHost, type TestHost } from "./harness.js";
import { document, exactQuery, prepare, read, refOf, resourcePath, uniqueName } from "./client.js";
import { expectDocument, expectRefusal } from "./expect-wire.js";

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => host.close());

const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");

describe("discovery", () => {
  it("is exact and same-origin, with no percent-encoding in any endpoint", async () => {
    const doc = expectDocument(await call(host.url, "GET", "/.well-known/takoform/v1beta1"), 200, "discovery");
    expect(doc.endpoints.api).toBe(`${host.url}${API}`);
    for (const endpoint of Object.values(doc.endpoints) as string[]) {
      expect(new URL(endpoint).origin).toBe(host.url);
      expect(endpoint).not.toContain("%");
    }
  });
});

describe("path shape", () => {
  it("the group travels as two segments; a percent-encoded slash is never a separator", async () => {
    const ref = queue();
    const name = uniqueName();
    const encoded = `${API}/resources/${ref.apiVersion.replace("/", "%2F")}/${ref.kind}/${name}?${exactQuery("s", ref)}`;
    expectRefusal(await call(host.url, "GET", encoded), "resource_not_found");
    const [group, version] = ref.apiVersion.split("/");
    const sneaky = `${API}/resources/${group}%2f${version}/x/${ref.kind}/${name}?${exactQuery("s", ref)}`;
    expectRefusal(await call(host.url, "GET", sneaky), "resource_not_found");
    expectRefusal(await call(host.url, "GET", `${API}/forms%2F?${exactQuery("s", ref)}`), "resource_not_found");
    expectRefusal(await call(host.url, "GET", `${API}/resources/%E0%A4%A/x`), "invalid_argument");
    expectRefusal(await read(host.url, ref, name, "s"), "resource_not_found");
  });

  it("a body addressing another name than its path is invalid_argument", async () => {
    const ref = queue();
    const body = document(ref, uniqueName(), "s", { messageRetentionSeconds: 60 });
    const reply = await call(host.url, "PUT", resourcePath(ref, uniqueName()), {
      body: { ...body, review: { prepareDigest: "sha256:" + "0".repeat(64) } },
      headers: { "if-none-match": "*", "idempotency-key": "path-mismatch" },
    });
    expectRefusal(reply, "invalid_argument");
  });

  it("unknown routes and methods are resource_not_found; there is no refresh route", async () => {
    const ref = queue();
    expectRefusal(await call(host.url, "GET", `${API}/nothing`), "resource_not_found");
    expectRefusal(await call(host.url, "POST", `${resourcePath(ref, "x", "refresh")}?${exactQuery("s", ref)}`), "resource_not_found");
    expectRefusal(await call(host.url, "PATCH", resourcePath(ref, "x")), "resource_not_found");
  });
});

describe("raw-first I-JSON and closed envelopes", () => {
  const validate = (rawBody: string | Buffer) => call(host.url, "POST", `${API}/resources/validate`, { rawBody });
  const good = () => document(queue(), "n", "s", { messageRetentionSeconds: 60 });

  it("refuses duplicate members, invalid UTF-8, lone surrogates, out-of-range numbers and trailing data", async () => {
    const text = JSON.stringify(good());
    const cases: (string | Buffer)[] = [
      text.replace('"spec":{', '"spec":{"messageRetentionSeconds":61,'),
      text.replace('"kind":', '"kind":"X","kind":'),
      Buffer.concat([Buffer.from(text.slice(0, -1)), Buffer.from([0xff]), Buffer.from("}")]),
      text.replace('"name":"n"', '"name":"\\ud800"'),
      text.replace("60", "1e400"),
      text + " {}",
      "",
    ];
    for (const raw of cases) expectRefusal(await validate(raw), "invalid_argument");
  });

  it("refuses unknown members anywhere in the envelope", async () => {
    const base = good();
    const cases = [
      { ...base, extra: 1 },
      { ...base, metadata: { ...base.metadata, labels: {} } },
      { ...base, form: { ...base.form, hint: "x" } },
      { ...base, form: { formRef: { ...base.form.formRef, packageDigest: "sha256:" + "0".repeat(64) } } },
    ];
    for (const body of cases) expectRefusal(await call(host.url, "POST", `${API}/resources/validate`, { body }), "invalid_argument");
  });

  it("enforces the SpaceID grammar in bodies and queries, preserving valid spaces exactly", async () => {
    for (const space of ["", " lead", "trail ", "a/b", "ctl\u0001", "\ufeffbom", "x".repeat(256)]) {
      const body = document(queue(), "n", space, { messageRetentionSeconds: 60 });
      expectRefusal(await call(host.url, "POST", `${API}/resources/validate`, { body }), "invalid_argument");
      expectRefusal(await read(host.url, queue(), "n", space), "invalid_argument");
    }
    const odd = "Prod Space + 日本 \u00e9";
    const prepared = expectDocument(await prepare(host.url, document(queue(), "n", odd, { messageRetentionSeconds: 60 })), 200, "prepareResponse");
    expect(prepared.resource.metadata.space).toBe(odd);
  });

  it("keeps the exact query vocabulary closed", async () => {
    const ref = queue();
    expectRefusal(await call(host.url, "GET", `${API}/forms?${exactQuery("s", ref)}&packageDigest=x`), "invalid_argument");
    expectRefusal(await call(host.url, "GET", `${API}/forms?${exactQuery("s", ref)}&space=t`), "invalid_argument");
    expectRefusal(await call(host.url, "GET", `${API}/forms?group=${ref.apiVersion}`), "invalid_argument");
    expectRefusal(await call(host.url, "GET", `${API}/forms?space=s&group=${encodeURIComponent(ref.apiVersion)}&kind=${ref.kind}`), "form_unknown");
    expectRefusal(await call(host.url, "GET", `${resourcePath(ref, "x")}?${exactQuery("s", { ...ref, kind: "EdgeKVNamespace" })}`), "invalid_argument");
    expectRefusal(await call(host.url, "GET", `${API}/forms?space=%FF&group=a`), "invalid_argument");
  });
});

describe("errors", () => {
  it("renders every code of the closed taxonomy with its status, retryable only where allowed", async () => {
    for (const code of ERROR_CODES) {
      const reply = await call(host.url, "GET", `${API}/support/forms`, { headers: { "takoform-conformance-probe": `error:${code}` } });
      const error = expectRefusal(reply, code);
      expect(reply.status).toBe(ERROR_STATUS[code]);
      expect(error.retryable).toBe((RETRYABLE_CODES as readonly string[]).includes(code));
      expect(reply.headers.get("retry-after") !== null).toBe(error.retryable);
    }
  });

  it("probes are ignored by a host started without --conformance-probes", async () => {
    const plain = await startTestHost({ probes: false });
    try {
      const reply = await call(plain.url, "GET", `${API}/support/forms`, { headers: { "takoform-conformance-probe": "error:internal_error" } });
      expect(reply.status).toBe(200);
    } finally {
      await plain.close();
    }
  });

  it("client input never yields a 5xx", async () => {
    const methods = ["GET", "PUT", "POST", "DELETE"];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...methods),
        fc.constantFrom("/resources/validate", "/resources/prepare", resourcePath(queue(), "x").slice(API.length), "/forms", "/support/forms/a/b/c/d"),
        fc.string({ maxLength: 40 }),
        fc.oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 3 })),
        fc.dictionary(
          fc.constantFrom("if-match", "if-none-match", "takoform-expected-generation", "idempotency-key"),
          fc.string({ maxLength: 20 }).filter((value) => /^[\x20-\x7e]*$/.test(value)),
        ),
        async (method, path, query, body, headers) => {
          const reply = await call(host.url, method, `${API}${path}?${encodeURI(query)}`, {
            rawBody: method === "GET" ? undefined : body,
            headers,
          } as never);
          expect(reply.status, reply.text).toBeLessThan(500);
          if (reply.status >= 400) expectRefusal(reply, reply.json.error.code);
        },
      ),
      { numRuns: 150 },
    );
  });
});
