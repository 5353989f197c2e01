// Support profiles and declared outputs.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API, builtinCatalog, call, startTestHost, type TestHost } from "./harness.js";
import { apply, createWorkerAggregate, ref, refOf, uniqueName, observe, read } from "./client.js";
import { expectDocument, expectRefusal, expectResource } from "./expect-wire.js";
import { wireProblems } from "./wire-schemas.js";

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => host.close());

describe("support profiles", () => {
  it("lists one FormSupport per installed exact Form, each schema-valid and free of commercial or date fields", async () => {
    const doc = expectDocument(await call(host.url, "GET", `${API}/support/forms`), 200, "supportProfilesResponse");
    expect(doc.profiles.map((p: any) => p.formRef)).toEqual(
      builtinCatalog()
        .forms()
        .map((f) => f.ref),
    );
    for (const profile of doc.profiles) {
      expect(wireProblems("supportProfile", profile)).toEqual([]);
      const text = JSON.stringify(profile);
      expect(text).not.toMatch(/compatibilityDate|compatibilityFlags|price|sku|region|quota/i);
    }
  });

  it("advertises worker.runtime at the digest ModuleWorker names, and the WorkerVersion handlers as its vocabulary", async () => {
    const worker = builtinCatalog().exact(refOf(builtinCatalog(), "ModuleWorker"))!;
    const runtime = worker.installed.definition.providedInterfaces!.find((i) => i.name === "worker.runtime")!;
    const profile = expectDocument(await call(host.url, "GET", `${API}/support/interfaces/worker.runtime/${runtime.version}`), 200, "supportProfile");
    expect(profile).toEqual({ apiVersion: "support.takoform.com/v1alpha1", kind: "InterfaceSupport", interfaceRef: runtime });
    const version = refOf(builtinCatalog(), "WorkerVersion");
    const versionProfile = expectDocument(
      await call(host.url, "GET", `${API}/support/forms/${version.apiVersion}/WorkerVersion/${version.definitionVersion}`),
      200,
      "supportProfile",
    );
    expect(versionProfile.supportedEnums.handlers).toEqual(["fetch", "scheduled", "queue"]);
    expect(versionProfile.limits.maximumBundleBytes).toBeGreaterThan(0);
    const bundle = refOf(builtinCatalog(), "WorkerBundle");
    const bundleProfile = expectDocument(
      await call(host.url, "GET", `${API}/support/forms/${bundle.apiVersion}/WorkerBundle/${bundle.definitionVersion}`),
      200,
      "supportProfile",
    );
    expect(bundleProfile.limits).toEqual({ maximumBundleBytes: 10485760, maximumBundleFiles: 4096 });
  });

  it("advertises the edge data-plane contracts at the digests the Forms providing them name", async () => {
    for (const form of builtinCatalog().forms()) {
      for (const provided of form.installed.definition.providedInterfaces ?? []) {
        const profile = expectDocument(await call(host.url, "GET", `${API}/support/interfaces/${provided.name}/${provided.version}`), 200, "supportProfile");
        expect(profile.interfaceRef).toEqual(provided);
      }
    }
  });

  it("publishes inclusive ranges from the installed schema and binding contracts by name@version", async () => {
    const queue = refOf(builtinCatalog(), "AtLeastOnceQueue");
    const profile = expectDocument(
      await call(host.url, "GET", `${API}/support/forms/${queue.apiVersion}/AtLeastOnceQueue/${queue.definitionVersion}`),
      200,
      "supportProfile",
    );
    expect(profile.supportedRanges.messageRetentionSeconds).toEqual({ minimum: 60, maximum: 1209600 });
    const version = refOf(builtinCatalog(), "WorkerVersion");
    const versionProfile = (await call(host.url, "GET", `${API}/support/forms/${version.apiVersion}/WorkerVersion/0.1.0`)).json;
    expect(versionProfile.supportedBindings).toContain("module-worker.edge-kv@1.0.0");
    expectDocument(await call(host.url, "GET", `${API}/support/bindings/module-worker.edge-kv/1.0.0`), 200, "supportProfile");
    expectRefusal(await call(host.url, "GET", `${API}/support/bindings/nope/1.0.0`), "resource_not_found");
    expectRefusal(await call(host.url, "GET", `${API}/support/interfaces/nope/1.0.0`), "resource_not_found");
  });
});

describe("declared outputs", () => {
  it("a Form declaring outputs answers them, exact and stable for the uid; Forms declaring none omit them", async () => {
    const endpoint = refOf(builtinCatalog(), "WorkerEndpoint");
    const form = builtinCatalog().exact(endpoint)!;
    const one = await createWorkerAggregate(host.url, builtinCatalog(), "out", uniqueName("a"));
    const two = await createWorkerAggregate(host.url, builtinCatalog(), "out", uniqueName("b"));
    const spec = { worker: ref("ModuleWorker", one.worker) };
    const name = uniqueName();
    const created = expectResource(await apply(host.url, endpoint, name, "out", spec), 201);
    expect(form.validateOutputs(created.status.outputs)).toEqual([]);
    expect(created.status.outputs.url).toBe(`https://${created.status.outputs.hostname}/`);
    const touched = await observe(host.url, endpoint, name, "out", "1", { headers: { "takoform-conformance-probe": "touch-status" } });
    expect(touched.json.resource.status.outputs).toEqual(created.status.outputs);
    expect(expectResource(await read(host.url, endpoint, name, "out"), 200).status.outputs).toEqual(created.status.outputs);
    const other = expectResource(await apply(host.url, endpoint, uniqueName(), "out", { worker: ref("ModuleWorker", two.worker) }), 201);
    expect(other.status.outputs.hostname).not.toBe(created.status.outputs.hostname);
    const kv = expectResource(await apply(host.url, refOf(builtinCatalog(), "EdgeKVNamespace"), uniqueName(), "out", {}), 201);
    expect("outputs" in kv.status).toBe(false);
  });
});
