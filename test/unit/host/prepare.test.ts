// Lifecycle: validate (diagnostics only) and prepare (the exact binding apply checks).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALTERNATE, API, builtinCatalog, call, OTHER_TENANT, startTestHost, type TestHost } from "./harness.js";
import { apply, document, prepare, put, read, refOf, uniqueName } from "./client.js";
import { expectDocument, expectRefusal, expectResource } from "./expect-wire.js";

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => host.close());

const SPACE = "prepare";
const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");

describe("validate", () => {
  it("answers diagnostics without minting a digest or storing anything", async () => {
    const name = uniqueName();
    const good = expectDocument(
      await call(host.url, "POST", `${API}/resources/validate`, { body: document(queue(), name, SPACE, { messageRetentionSeconds: 60 }) }),
      200,
      "validateResponse",
    );
    expect(good).toEqual({ valid: true, diagnostics: [] });
    const bad = expectDocument(
      await call(host.url, "POST", `${API}/resources/validate`, { body: document(queue(), name, SPACE, { messageRetentionSeconds: 1 }) }),
      200,
      "validateResponse",
    );
    expect(bad.valid).toBe(false);
    expect(bad.diagnostics[0]).toMatchObject({ severity: "error", field: "/messageRetentionSeconds" });
    expectRefusal(await read(host.url, queue(), name, SPACE), "resource_not_found");
  });

  it("rejects every negative fixture of every installed Form", async () => {
    const { readFileSync } = await import("node:fs");
    const path = await import("node:path");
    let checked = 0;
    for (const form of builtinCatalog().forms()) {
      for (const fixture of form.installed.definition.negativeConformanceFixtures ?? []) {
        if (fixture.stage !== "desired") continue;
        const spec = JSON.parse(readFileSync(path.join(form.installed.dir, fixture.inputPath), "utf8"));
        const reply = await call(host.url, "POST", `${API}/resources/validate`, { body: document(form.ref, "neg", SPACE, spec) });
        if (typeof spec !== "object" || spec === null || Array.isArray(spec)) {
          // not even an object: the request envelope itself is refused
          expectRefusal(reply, "invalid_argument");
        } else {
          expect(expectDocument(reply, 200, "validateResponse").valid, `${form.ref.kind} ${fixture.name}`).toBe(false);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("refuses a WorkerVersion handler the runtime contract does not define on validate, prepare and apply", async () => {
    const version = refOf(builtinCatalog(), "WorkerVersion");
    const spec = {
      worker: { apiVersion: version.apiVersion, kind: "ModuleWorker", name: "w" },
      bundle: { apiVersion: version.apiVersion, kind: "WorkerBundle", name: "b" },
      handlers: ["fetch", "alarm"],
    };
    const body = document(version, uniqueName(), SPACE, spec);
    const validated = expectDocument(await call(host.url, "POST", `${API}/resources/validate`, { body }), 200, "validateResponse");
    expect(validated.valid).toBe(false);
    expect(validated.diagnostics.map((d: any) => d.field)).toContain("/handlers/1");
    expectRefusal(await prepare(host.url, body), "invalid_argument");
    expectRefusal(await put(host.url, { ...body, review: { prepareDigest: "sha256:" + "0".repeat(64) } }), "invalid_argument");
  });
});

describe("prepare", () => {
  it("echoes the materialized spec and binds specDigest; omitting a default and writing it bind the same digest", async () => {
    const name = uniqueName();
    const omitted = expectDocument(await prepare(host.url, document(queue(), name, SPACE, { messageRetentionSeconds: 60 })), 200, "prepareResponse");
    const written = expectDocument(
      await prepare(host.url, document(queue(), name, SPACE, { messageRetentionSeconds: 60, deliveryDelaySeconds: 0 })),
      200,
      "prepareResponse",
    );
    expect(omitted.resource.spec).toEqual({ messageRetentionSeconds: 60, deliveryDelaySeconds: 0 });
    expect(omitted.review).toEqual(written.review);
    expect(omitted.resource.metadata).toEqual({ name, space: SPACE });
  });

  it("refuses any substitution after prepare before mutation", async () => {
    const name = uniqueName();
    const body = document(queue(), name, SPACE, { messageRetentionSeconds: 60 });
    const review = { prepareDigest: (await prepare(host.url, body)).json.review.prepareDigest };
    const substitutions = [
      document(queue(), name, SPACE, { messageRetentionSeconds: 61 }),
      document(queue(), name, SPACE + "-other", { messageRetentionSeconds: 60 }),
    ];
    for (const substituted of substitutions) {
      expectRefusal(await put(host.url, { ...substituted, review }), "invalid_argument");
    }
    const otherName = document(queue(), uniqueName(), SPACE, { messageRetentionSeconds: 60 });
    expectRefusal(await put(host.url, { ...otherName, review }), "invalid_argument");
    expectRefusal(await read(host.url, queue(), name, SPACE), "resource_not_found");
    expectResource(await put(host.url, { ...body, review }), 201);
  });

  it("on an existing resource requires the update fence and binds the generation it names", async () => {
    const name = uniqueName();
    expectResource(await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 60 }), 201);
    const body = document(queue(), name, SPACE, { messageRetentionSeconds: 90 });
    expectRefusal(await prepare(host.url, body), "invalid_argument");
    expectRefusal(await prepare(host.url, body, { generation: "2" }), "generation_conflict");
    expectRefusal(await prepare(host.url, document(queue(), uniqueName(), SPACE, { messageRetentionSeconds: 60 }), { generation: "1" }), "resource_not_found");
    const stale = (await prepare(host.url, body, { generation: "1" })).json.review;
    expectResource(await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 75 }, { generation: "1" }), 200);
    // the review was minted at generation 1; the resource is at 2 now
    expectRefusal(await put(host.url, { ...body, review: { prepareDigest: stale.prepareDigest } }, { generation: "2" }), "invalid_argument");
  });

  it("a review is spendable by another principal of the minting tenant and by no other tenant", async () => {
    const body = document(queue(), uniqueName(), SPACE, { messageRetentionSeconds: 60 });
    const review = { prepareDigest: (await prepare(host.url, body)).json.review.prepareDigest };
    expectRefusal(await put(host.url, { ...body, review }, { token: OTHER_TENANT }), "invalid_argument");
    expectResource(await put(host.url, { ...body, review }, { token: ALTERNATE }), 201);
  });
});
