// The refused-collision loop of the environment-namespace checks: each WorkerVersion spec of a
// list is schema-valid under the PINNED Form (so only the host rule can refuse it), and is refused
// invalid_argument on apply and on import, storing nothing either time.

import type { CheckContext } from "../context.js";
import { expectTrue } from "../assert.js";
import type { Live, Plane } from "../lifecycle.js";
import { attemptCreate, attemptImport, expectNothingStored, expectRefused } from "./attempts.js";
import { versionSpec, type Reference } from "./specs.js";

/** One labelled set of optional WorkerVersion members that must collide. */
export type VersionCollision = readonly [label: string, extra: Record<string, unknown>];

/**
 * For every collision: the version spec (fetch handler over `worker` and `bundle`) is schema-valid,
 * apply is refused invalid_argument with nothing stored, import is refused the same way with
 * nothing stored. Returns the labels, for the check's summary.
 */
export async function expectVersionCollisionsRefused(
  ctx: CheckContext,
  target: { worker: Live | Reference; bundle: Live | Reference },
  collisions: readonly VersionCollision[],
  plane: Plane = ctx.primary,
): Promise<string[]> {
  const form = ctx.form("WorkerVersion");
  for (const [label, extra] of collisions) {
    const spec = versionSpec(ctx, { worker: target.worker, bundle: target.bundle, handlers: ["fetch"], extra });
    const problems = ctx.corpus.specProblems(form, ctx.corpus.materialize(form, structuredClone(spec)));
    expectTrue(
      problems.length === 0,
      `${label}: the spec must be schema-valid for this check to measure the host rule, but the pinned schema refuses it: ${problems.join("; ")}`,
    );
    const name = ctx.name("version");
    expectRefused(await attemptCreate(plane, form.ref, name, ctx.space, spec), "invalid_argument", `apply of a version with ${label}`);
    await expectNothingStored(plane, form.ref, name, ctx.space, `apply of a version with ${label}`);
    expectRefused(await attemptImport(plane, form.ref, name, ctx.space, spec, ctx.names.nativeId()), "invalid_argument", `import of a version with ${label}`);
    await expectNothingStored(plane, form.ref, name, ctx.space, `import of a version with ${label}`);
  }
  return collisions.map(([label]) => label);
}
