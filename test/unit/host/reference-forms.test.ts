// The host driven with the reference candidate packages (--forms, without the built-in corpus)
// on the lowdb engine: the same lifecycle answers for Form Packages the project did not author.

import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadHostCatalog } from "../../../host/catalog/load.js";
import type { HostCatalog } from "../../../host/catalog/host-catalog.js";
import { API, call, referenceRoot, startTestHost, type TestHost } from "./harness.js";
import { apply, exactQuery, importResource, observe, read, refOf, remove, uniqueName } from "./client.js";
import { expectDocument, expectRefusal, expectResource } from "./expect-wire.js";
import { describeWithReference } from "../../support/reference.js";

describeWithReference("the host with the reference candidate packages", () => {
  let host: TestHost;
  let catalog: HostCatalog;
  beforeAll(async () => {
    catalog = loadHostCatalog({
      builtin: false,
      formDirs: ["forms", "interfaces", "bindings"].map((dir) => path.join(referenceRoot, dir)),
    });
    host = await startTestHost({ engine: "lowdb", catalog });
  });
  afterAll(async () => host.close());

  describe("reference candidate packages on lowdb", () => {
    it("installs all fifteen candidate Forms under their published exact identities", () => {
      expect(catalog.forms()).toHaveLength(15);
      expect(refOf(catalog, "ModuleWorker").schemaDigest).toBe("sha256:6de1d1ff575caf7e6ca10ee6d905df1174bc26943ca95de6ada5f9229507d192");
    });

    it("serves availability, definitions and support for them", async () => {
      const queue = refOf(catalog, "AtLeastOnceQueue");
      const forms = expectDocument(await call(host.url, "GET", `${API}/forms?${exactQuery("ref", queue)}`), 200, "formsResponse");
      expect(forms.forms[0].operations).toEqual(["create", "read", "update", "delete", "import", "observe"]);
      const version = refOf(catalog, "WorkerVersion");
      const profile = expectDocument(await call(host.url, "GET", `${API}/support/forms/${version.apiVersion}/WorkerVersion/0.1.0`), 200, "supportProfile");
      expect(profile.supportedEnums.handlers).toEqual(["fetch", "scheduled", "queue"]);
      const runtime = expectDocument(await call(host.url, "GET", `${API}/support/interfaces/worker.runtime/1.0.0`), 200, "supportProfile");
      expect(runtime.interfaceRef.schemaDigest).toBe("sha256:c5d71337fb615f403f00c21a92dc6bcc9fc3cbcffad600e537a55f124441e820");
    });

    it("drives the whole lifecycle", async () => {
      const queue = refOf(catalog, "AtLeastOnceQueue");
      const name = uniqueName();
      const created = expectResource(await apply(host.url, queue, name, "ref", { messageRetentionSeconds: 345600 }), 201);
      expect(created.spec).toEqual({ messageRetentionSeconds: 345600, deliveryDelaySeconds: 0 });
      expectResource(await apply(host.url, queue, name, "ref", { messageRetentionSeconds: 3600 }, { generation: "1" }), 200);
      expect((await observe(host.url, queue, name, "ref", "2")).status).toBe(200);
      expectRefusal(await apply(host.url, queue, name, "ref", { messageRetentionSeconds: 5 }, { generation: "2" }), "invalid_argument");
      expect((await remove(host.url, queue, name, "ref", "2")).status).toBe(204);
      expectRefusal(await read(host.url, queue, name, "ref"), "resource_not_found");
      const kv = refOf(catalog, "EdgeKVNamespace");
      expectResource(await importResource(host.url, kv, uniqueName(), "ref", {}, "kv-native"), 201);
      expectRefusal(await importResource(host.url, queue, uniqueName(), "ref", { messageRetentionSeconds: 60 }, "kv-native"), "import_conflict");
    });
  });
});
