// A kind module's own bug stays with its record: a runtime projection that throws something other
// than a ProjectionError (here the toy Greeting's router, for one record) is reported as that
// record's problem, every other record of the plan is still served, and the host stays up.

import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadHostCatalog } from "../../host/catalog/load.js";
import { kindRegistry } from "../../host/kinds/index.js";
import type { RuntimeProjection } from "../../host/runtime/projection.js";
import { startHost, type RunningHost } from "../../host/server.js";
import { apply, refOf, uniqueName } from "../unit/host/client.js";
import { CREDENTIALS, repoRoot } from "../unit/host/harness.js";
import { greeting, GREETING_GROUP } from "../unit/host/kinds/greeting-kind.js";
import { greetingHostname, greetingRuntime } from "../unit/host/kinds/greeting-runtime.js";
import { tempDirs } from "../support/temp-dirs.js";
import { eventually, viaGateway } from "./support.js";

const catalog = loadHostCatalog({ builtin: true, formDirs: [path.join(repoRoot, "test/fixtures/toy-kind")] });
const GREETING = refOf(catalog, "Greeting", "0.1.0", GREETING_GROUP);
const BUG = "this kind module has a bug";

/** The toy projection, except that its router throws a plain Error for a greeting saying "boom". */
const buggy: RuntimeProjection = {
  deployment: {
    ...greetingRuntime.deployment!,
    router: (target, hostnames, deps) => {
      if (target.worker.spec["text"] === "boom") throw new Error(BUG);
      return greetingRuntime.deployment!.router(target, hostnames, deps);
    },
  },
};

let host: RunningHost;
const tempDir = tempDirs();

beforeAll(async () => {
  host = await startHost({
    dataDir: tempDir("takoform-kind-failure-"),
    engine: "sqlite",
    port: 0,
    catalog,
    credentials: CREDENTIALS,
    kinds: kindRegistry({ [`${GREETING_GROUP} Greeting`]: { ...greeting, runtime: async () => buggy } }),
    report: (error) => console.error(error),
    runtime: { gatewayPort: 0 },
  });
}, 60_000);
afterAll(async () => host?.close());

it("reports the record whose projection threw, and serves every other record", async () => {
  const broken = uniqueName("boom");
  const fine = uniqueName("fine");
  expect((await apply(host.url, GREETING, broken, "toys", { text: "boom" })).status).toBe(201);
  expect((await apply(host.url, GREETING, fine, "toys", { text: "still here" })).status).toBe(201);
  await host.runtime!.reconcile();
  const port = host.runtime!.gateway.port;
  const reply = await eventually(
    () => viaGateway(port, greetingHostname(fine)),
    (r) => r.status === 200,
    "the other greeting served",
  );
  expect(reply.body).toBe("still here");
  expect((await viaGateway(port, greetingHostname(broken))).status).toBe(404);
  const problems = host.runtime!.lastReport()!.problems.map((p) => ({ name: p.record.name, message: p.message }));
  expect(problems).toContainEqual({ name: broken, message: `the runtime projection of Greeting failed: ${BUG}` });
});
