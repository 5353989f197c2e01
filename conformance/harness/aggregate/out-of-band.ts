// A target that disappears or is replaced behind the back of the resources pinned to it. A
// client cannot cause that through the lane (dependency protection refuses the delete), so the
// runner asks the host for an out-of-band backend deletion through its test-only probe header
// (external-change on DELETE, docs/decisions/0082). A host that ignores the probe refuses the
// delete with dependency_in_use, and the check fails naming that.

import { fail } from "../assert.js";
import { describeResponse, errorOf } from "../http.js";
import { liveFrom, type Live, type Plane } from "../lifecycle.js";
import { PROBE_HEADER } from "../paths.js";

export async function deleteOutOfBand(plane: Plane, target: Live): Promise<void> {
  const read = await plane.read(target.ref, target.name, target.space);
  if (read.status !== 200) fail(`out-of-band deletion of ${target.ref.kind} ${target.name}: it is already gone (${describeResponse(read)})`);
  const current = liveFrom(read, "read before the out-of-band deletion");
  const res = await plane.settle(
    await plane.remove(current.ref, current.name, current.space, { generation: current.generation }, { headers: { [PROBE_HEADER]: "external-change" } }),
  );
  if (res.status !== 204) {
    const hint =
      errorOf(res)?.code === "dependency_in_use" ? " (the host did not honour the external-change probe; start it with its conformance-probe flag)" : "";
    fail(`out-of-band deletion of ${target.ref.kind} ${target.name} (probe external-change): expected HTTP 204, got ${describeResponse(res)}${hint}`);
  }
}
