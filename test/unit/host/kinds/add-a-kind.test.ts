// The walk-through of docs/architecture.md "Adding a kind", as a test: a Form Package brings the
// toy Greeting kind (test/fixtures/toy-kind). Installed with --forms alone it gets the generic
// behaviour only; with its kind module registered (greeting-kind.ts, through the host's kinds
// registry exactly as KINDS registers the Edge kinds) the same requests are canonicalized, checked,
// rendered and guarded by the module. Real hosts, real store, over HTTP.

import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadHostCatalog } from "../../../../host/catalog/load.js";
import { kindRegistry } from "../../../../host/kinds/index.js";
import { apply, read, refOf, remove, uniqueName } from "../client.js";
import { expectRefusal, expectResource } from "../expect-wire.js";
import { API, call, repoRoot, startTestHost, type TestHost } from "../harness.js";
import { greeting, GREETING_GROUP } from "./greeting-kind.js";

const SPACE = "toys";
const catalog = loadHostCatalog({ builtin: true, formDirs: [path.join(repoRoot, "test/fixtures/toy-kind")] });
const GREETING = refOf(catalog, "Greeting", "0.1.0", GREETING_GROUP);
let generic: TestHost;
let withModule: TestHost;

beforeAll(async () => {
  generic = await startTestHost({ catalog });
  withModule = await startTestHost({ catalog, kinds: kindRegistry({ [`${GREETING_GROUP} Greeting`]: greeting }) });
});

afterAll(async () => {
  await generic?.close();
  await withModule?.close();
});

async function validate(host: TestHost, text: string): Promise<{ valid: boolean; diagnostics: { field?: string; message: string }[] }> {
  const body = { apiVersion: GREETING.apiVersion, kind: GREETING.kind, form: { formRef: GREETING }, metadata: { name: "g", space: SPACE }, spec: { text } };
  const reply = await call(host.url, "POST", `${API}/resources/validate`, { body });
  expect(reply.status).toBe(200);
  return reply.json;
}

describe("a kind from a Form Package", () => {
  it("without a module gets the generic Form rules only", async () => {
    const name = uniqueName("g");
    const created = expectResource(await apply(generic.url, GREETING, name, SPACE, { text: "  hello  " }), 201);
    expect(created.spec.text).toBe("  hello  ");
    expect(await validate(generic, "HELLO")).toMatchObject({ valid: true });
    const pending = expectResource(await apply(generic.url, GREETING, uniqueName("g"), SPACE, { text: "..." }), 201);
    expect(pending.status.conditions[0]).toMatchObject({ type: "Ready", status: "True" });
    const last = expectResource(await apply(generic.url, GREETING, uniqueName("g"), SPACE, { text: "goodbye" }), 201);
    expect((await remove(generic.url, GREETING, last.metadata.name, SPACE, "1")).status).toBe(204);
    // The installed schema itself still holds without any module: the text may not be empty.
    expect(await validate(generic, "")).toMatchObject({ valid: false });
  });

  it("with its kind module is canonicalized, checked, rendered and guarded by it", async () => {
    const name = uniqueName("g");
    const created = expectResource(await apply(withModule.url, GREETING, name, SPACE, { text: "  hello  " }), 201);
    expect(created.spec.text).toBe("hello");
    // The same spec spelled differently is the same desired state: nothing moves.
    const again = expectResource(await apply(withModule.url, GREETING, name, SPACE, { text: "hello " }, { generation: "1" }), 200);
    expect(again.metadata.generation).toBe("1");

    const shouting = await validate(withModule, "HELLO");
    expect(shouting.valid).toBe(false);
    expect(shouting.diagnostics).toContainEqual(expect.objectContaining({ field: "/text", message: "a greeting must not be all capitals" }));
    expectRefusal(await apply(withModule.url, GREETING, uniqueName("g"), SPACE, { text: "HELLO" }), "invalid_argument");

    const pendingName = uniqueName("g");
    const pending = expectResource(await apply(withModule.url, GREETING, pendingName, SPACE, { text: "..." }), 201);
    expect(pending.status.conditions[0]).toMatchObject({ type: "Ready", status: "False", reason: "Provisioning" });

    const lastName = uniqueName("g");
    expectResource(await apply(withModule.url, GREETING, lastName, SPACE, { text: "goodbye" }), 201);
    expectRefusal(await remove(withModule.url, GREETING, lastName, SPACE, "1"), "deletion_protected");
    expect((await read(withModule.url, GREETING, lastName, SPACE)).status).toBe(200);
    expect((await remove(withModule.url, GREETING, pendingName, SPACE, "1")).status).toBe(204);
  });
});
