// One round of "a delete racing an apply of a dependent": a WorkerBundle is created, a
// WorkerVersion pinning it is prepared while it exists, then the bundle's delete and the version's
// create race. Exactly one may win: the dependent (the delete is dependency_in_use and the
// bundle stays) or the delete (the dependent is resource_not_found and nothing pins the gone
// bundle). Shared by the one-process races and the cross-replica ones (test/postgres).

import { expect } from "vitest";
import type { Reply } from "../../unit/host/harness.js";
import { create, ok, prepareCreate, read, reference, remove } from "./aggregate.js";

/** Runs round `round` against `base`; returns the outcome label ("delete S CODE / dependent S CODE"). */
export async function raceDeleteAgainstDependent(
  base: string,
  token: string,
  space: string,
  aggregate: { worker: string; manifestDigest: string },
  round: number,
  stagger: { delete: number; dependent: number } = { delete: 0, dependent: 0 },
): Promise<string> {
  const target = `dep-bundle-${round}`;
  expect(ok(await create(base, token, "WorkerBundle", target, space, { manifestDigest: aggregate.manifestDigest }))).toBe(true);
  // the dependent is prepared while its target exists; then its commit and the target's delete race
  const commitDependent = await prepareCreate(base, token, "WorkerVersion", `dep-version-${round}`, space, {
    worker: reference("ModuleWorker", aggregate.worker),
    bundle: reference("WorkerBundle", target),
    handlers: ["fetch"],
  });
  expect(typeof commitDependent, JSON.stringify((commitDependent as Reply).json)).toBe("function");
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const [deleted, dependent] = await Promise.all([
    pause(stagger.delete).then(() => remove(base, token, "WorkerBundle", target, space, "1")),
    pause(stagger.dependent).then(() => (commitDependent as () => Promise<Reply>)()),
  ]);
  const label = `delete ${deleted.status} ${deleted.json?.error?.code ?? ""} / dependent ${dependent.status} ${dependent.json?.error?.code ?? ""}`;
  const targetNow = await read(base, token, "WorkerBundle", target, space);
  if (ok(dependent)) {
    // the dependent won: the delete was refused and the target it pinned is still there
    expect(deleted.json?.error?.code, label).toBe("dependency_in_use");
    expect(targetNow.status).toBe(200);
  } else {
    // the delete won: the dependent was refused before any mutation, and nothing pins the gone target
    expect(deleted.status, label).toBe(204);
    expect(dependent.json?.error?.code, label).toBe("resource_not_found");
    expect(targetNow.status).toBe(404);
    expect((await read(base, token, "WorkerVersion", `dep-version-${round}`, space)).status).toBe(404);
  }
  return label;
}
