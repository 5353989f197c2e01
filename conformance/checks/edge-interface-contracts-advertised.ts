// Support profiles: the host advertises each of the four data-plane contracts (edge.kv,
// edge.objects, edge.queue, edge.sql) at the EXACT pinned schemaDigest.

import { defineCheck } from "../check.js";
import { expectEqual, expectStatus, expectTrue } from "../harness/assert.js";
import { pinnedInterface } from "../harness/contracts.js";
import { supportInterface } from "../harness/surfaces.js";

const DATA_PLANE = ["edge.kv", "edge.objects", "edge.queue", "edge.sql"];

export default defineCheck("edge.kv, edge.objects, edge.queue and edge.sql are advertised at their pinned digests", async (ctx) => {
  for (const name of DATA_PLANE) {
    const pinned = pinnedInterface(ctx, name);
    const res = await supportInterface(ctx.primary, name, pinned.ref.version);
    expectStatus(res, 200, `support profile for ${name}@${pinned.ref.version}`);
    const body = res.body as { apiVersion?: string; kind: string; interfaceRef?: unknown };
    expectEqual([body.apiVersion, body.kind], ["support.takoform.com/v1alpha1", "InterfaceSupport"], `apiVersion and kind of ${name}'s profile`);
    expectEqual(body.interfaceRef, pinned.ref, `advertised interfaceRef of ${name} (exact)`);
  }
  const bogus = await supportInterface(ctx.primary, "edge.kv", "0.0.1");
  expectTrue(bogus.status === 404, `support profile for edge.kv@0.0.1 answered HTTP ${bogus.status}, expected 404`);
  return `${DATA_PLANE.length} data-plane contracts advertised at their pinned digests; an unpinned version is not`;
});
