// Step 4 of docs/architecture.md "Adding a kind": a kind module's `runtime` member is all the data
// plane needs to serve a kind it has never heard of. The toy Greeting kind (test/fixtures/toy-kind)
// with its module (runtime projection in greeting-runtime.ts) is served through the gateway by real
// workerd; host/runtime names no kind, it asks each record's kind module for its projection.

import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadHostCatalog } from "../../host/catalog/load.js";
import { kindRegistry } from "../../host/kinds/index.js";
import { startHost, type RunningHost } from "../../host/server.js";
import { apply, refOf, uniqueName } from "../unit/host/client.js";
import { expectResource } from "../unit/host/expect-wire.js";
import { CREDENTIALS, repoRoot } from "../unit/host/harness.js";
import { greeting, GREETING_GROUP } from "../unit/host/kinds/greeting-kind.js";
import { greetingHostname } from "../unit/host/kinds/greeting-runtime.js";
import { eventually, viaGateway } from "./support.js";
import { tempDirs } from "../support/temp-dirs.js";

const catalog = loadHostCatalog({ builtin: true, formDirs: [path.join(repoRoot, "test/fixtures/toy-kind")] });
const GREETING = refOf(catalog, "Greeting", "0.1.0", GREETING_GROUP);
let host: RunningHost;
const tempDir = tempDirs();

beforeAll(async () => {
  host = await startHost({
    dataDir: tempDir("takoform-toy-runtime-"),
    engine: "sqlite",
    port: 0,
    catalog,
    credentials: CREDENTIALS,
    kinds: kindRegistry({ [`${GREETING_GROUP} Greeting`]: greeting }),
    report: (error) => console.error(error),
    runtime: { gatewayPort: 0 },
  });
}, 60_000);

afterAll(async () => {
  await host?.close();
});

describe("a kind from a Form Package with a runtime projection", () => {
  it("is served by the data plane from its kind module alone", async () => {
    const name = uniqueName("g");
    expectResource(await apply(host.url, GREETING, name, "toys", { text: "  hello from a toy  " }), 201);
    const port = host.runtime!.gateway.port;
    const reply = await eventually(
      () => viaGateway(port, greetingHostname(name)),
      (r) => r.status === 200,
      "the greeting served",
    );
    // Canonicalized by the kind module (trimmed) before the projection saw it.
    expect(reply.body).toBe("hello from a toy");
    expect((await viaGateway(port, greetingHostname("nobody"))).status).toBe(404);
  });
});
