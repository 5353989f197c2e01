// The environment namespace is single (decision 0016): every binding name across every binding
// list of a WorkerVersion lands in one runtime environment object. Two entries of one list that
// agree only on name (uniqueItems admits them), and entries of two different lists sharing a name,
// are refused invalid_argument (400) before any mutation, on apply and on import, storing nothing.
// Every target exists, so only the collision can refuse. Distinct names across all lists are
// accepted.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  bindingEntry,
  builder,
  expectAccepted,
  expectVersionCollisionsRefused,
  versionSpec,
  type VersionCollision,
} from "../harness/aggregate/index.js";

export default defineCheck("two bindings sharing a name, in one list or across lists, are invalid_argument; distinct names are accepted", async (ctx) => {
  const b = builder(ctx);
  const form = ctx.form("WorkerVersion");
  const worker = await b.worker();
  const bundle = await b.bundle();
  const kv = await b.plain("EdgeKVNamespace");
  const kv2 = await b.plain("EdgeKVNamespace");
  const bucket = await b.plain("ObjectBucket");
  const db = await b.plain("SQLiteDatabase");
  const queue = await b.plain("AtLeastOnceQueue");

  const collisions: VersionCollision[] = [
    ["two kvBindings entries named CACHE", { kvBindings: [bindingEntry("CACHE", kv), bindingEntry("CACHE", kv2)] }],
    ["a kvBindings and a bucketBindings entry named STORE", { kvBindings: [bindingEntry("STORE", kv)], bucketBindings: [bindingEntry("STORE", bucket)] }],
    // The upstream runner's two: a vars key, and a sensitive var, equal to a binding name.
    ["a vars key and a kvBindings entry named CACHE", { vars: { CACHE: "https://cache.invalid" }, kvBindings: [bindingEntry("CACHE", kv)] }],
    ["a requiredSensitiveVars entry and a kvBindings entry named CACHE", { requiredSensitiveVars: ["CACHE"], kvBindings: [bindingEntry("CACHE", kv)] }],
    [
      "a sqliteBindings and a queueProducerBindings entry named DB",
      { sqliteBindings: [bindingEntry("DB", db)], queueProducerBindings: [bindingEntry("DB", queue)] },
    ],
  ];
  const refused = await expectVersionCollisionsRefused(ctx, { worker, bundle }, collisions);
  const distinct = versionSpec(ctx, {
    worker,
    bundle,
    handlers: ["fetch"],
    extra: {
      kvBindings: [bindingEntry("CACHE", kv), bindingEntry("SESSIONS", kv2)],
      bucketBindings: [bindingEntry("STORE", bucket)],
      sqliteBindings: [bindingEntry("DB", db)],
      queueProducerBindings: [bindingEntry("EVENTS", queue)],
    },
  });
  b.track(
    expectAccepted(
      await attemptCreate(ctx.primary, form.ref, ctx.name("version"), ctx.space, distinct),
      201,
      "apply of a version whose five bindings have distinct names",
    ),
  );
  await b.cleanup();
  return `${refused.join("; ")} were refused on apply and import with nothing stored; five distinctly named bindings across four lists were accepted`;
});
