// Tenant isolation (decision 0028), measured on every name-addressed surface.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NAME_ADDRESSED_SURFACES } from "../../../host/http/routes/resources.js";
import { API, builtinCatalog, call, OTHER_TENANT, PRIMARY, startTestHost, type TestHost } from "./harness.js";
import { apply, document, importResource, observe, prepare, put, read, refOf, remove, uniqueName } from "./client.js";
import { expectRefusal, expectResource } from "./expect-wire.js";

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => host.close());

const SPACE = "tenancy";
const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");

/** A refusal with its request id blanked: what must be byte-identical across the boundary. */
function withoutRequestId(text: string): string {
  return text.replace(/"requestId":"[^"]*"/, '"requestId":""');
}

async function foreignAndAbsent(run: (name: string) => Promise<{ text: string; status: number }>) {
  const held = uniqueName();
  expectResource(await apply(host.url, queue(), held, SPACE, { messageRetentionSeconds: 60 }, { token: OTHER_TENANT }), 201);
  const foreign = await run(held);
  const never = await run(held.replace(/^r-/, "n-"));
  return { held, foreign, never };
}

describe("tenant isolation", () => {
  it("lists every name-addressed route against a tenant check", () => {
    expect(NAME_ADDRESSED_SURFACES.map((s) => `${s.method} ${s.path.replace(API, "")}`).sort()).toEqual(
      [
        "DELETE /resources/:formGroup/:formVersion/:kind/:name",
        "GET /resources/:formGroup/:formVersion/:kind/:name",
        "POST /resources/:formGroup/:formVersion/:kind/:name/import",
        "POST /resources/:formGroup/:formVersion/:kind/:name/observe",
        "PUT /resources/:formGroup/:formVersion/:kind/:name",
      ].sort(),
    );
  });

  it("resource-address-is-tenant-scoped: two tenants create one name and get two resources", async () => {
    const name = uniqueName();
    const a = expectResource(await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 60 }, { token: PRIMARY }), 201);
    const b = expectResource(await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 90 }, { token: OTHER_TENANT }), 201);
    expect(a.metadata.uid).not.toBe(b.metadata.uid);
    expect(expectResource(await read(host.url, queue(), name, SPACE, PRIMARY), 200).spec.messageRetentionSeconds).toBe(60);
  });

  it("read, observe, update and delete of another tenant's name are the refusal of a name never created", async () => {
    const surfaces: Array<(name: string) => Promise<{ text: string; status: number }>> = [
      (name) => read(host.url, queue(), name, SPACE),
      (name) => observe(host.url, queue(), name, SPACE, "1", { key: "k-observe-" + name }),
      (name) => remove(host.url, queue(), name, SPACE, "1", { key: "k-delete-" + name }),
      async (name) => {
        const body = document(queue(), name, SPACE, { messageRetentionSeconds: 75 });
        return put(host.url, { ...body, review: { prepareDigest: "sha256:" + "1".repeat(64) } }, { generation: "1", key: "k-put-" + name });
      },
      (name) => importResource(host.url, queue(), name, SPACE, { messageRetentionSeconds: 60 }, "native-" + name, { generation: "1" }),
    ];
    for (const surface of surfaces) {
      const { held, foreign, never } = await foreignAndAbsent(surface);
      expectRefusal(foreign as never, "resource_not_found");
      expect(withoutRequestId(foreign.text)).toBe(withoutRequestId(never.text).replace(held.replace(/^r-/, "n-"), held));
      // the holder can still operate its resource after the refusal
      expectResource(await read(host.url, queue(), held, SPACE, OTHER_TENANT), 200);
      expectResource(await apply(host.url, queue(), held, SPACE, { messageRetentionSeconds: 61 }, { token: OTHER_TENANT, generation: "1" }), 200);
      expect((await remove(host.url, queue(), held, SPACE, "2", { token: OTHER_TENANT })).status).toBe(204);
    }
  });

  it("resource-import-is-tenant-isolated: a create-intent adoption of another tenant's name mints, like a free name", async () => {
    const { held, foreign, never } = await foreignAndAbsent((name) =>
      importResource(host.url, queue(), name, SPACE, { messageRetentionSeconds: 60 }, "native-x-" + name),
    );
    const a = expectResource(foreign as never, 201);
    const b = expectResource(never as never, 201);
    expect(foreign.status).toBe(never.status);
    // uid and name differ by construction; condition times are whole seconds and the two requests may straddle one
    const normalize = (doc: any) => ({
      ...doc,
      metadata: { ...doc.metadata, uid: "", name: "" },
      status: { ...doc.status, conditions: doc.status.conditions.map((c: any) => ({ ...c, lastTransitionTime: "" })) },
    });
    expect(normalize(a)).toEqual(normalize(b));
    expect(a.metadata.name).toBe(held);
  });

  it("prepare is tenant-scoped: a prepare against a name only another tenant holds binds a create", async () => {
    const name = uniqueName();
    expectResource(await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 60 }, { token: OTHER_TENANT }), 201);
    const body = document(queue(), name, SPACE, { messageRetentionSeconds: 60 });
    const mine = await prepare(host.url, body);
    expect(mine.status).toBe(200);
    expectRefusal(await prepare(host.url, body, { generation: "1" }), "resource_not_found");
    expectResource(await put(host.url, { ...body, review: { prepareDigest: mine.json.review.prepareDigest } }), 201);
  });

  it("unauthenticated requests are refused 401 on read and mutating surfaces alike", async () => {
    const body = document(queue(), uniqueName(), SPACE, { messageRetentionSeconds: 60 });
    for (const token of [null, "nobody-knows-this-token-00"]) {
      expectRefusal(await read(host.url, queue(), "x", SPACE, token as string), "unauthenticated");
      expectRefusal(
        await call(host.url, "PUT", `/apis/forms.takoform.com/v1beta1/resources/${queue().apiVersion}/AtLeastOnceQueue/${body.metadata.name}`, {
          token,
          body,
          headers: { "if-none-match": "*", "idempotency-key": "k" },
        }),
        "unauthenticated",
      );
      expectRefusal(await call(host.url, "GET", "/.well-known/takoform/v1beta1", { token }), "unauthenticated");
    }
    expectRefusal(await call(host.url, "GET", "/.well-known/takoform/v1beta1", { token: null, headers: { authorization: "Basic YTpi" } }), "unauthenticated");
  });
});
