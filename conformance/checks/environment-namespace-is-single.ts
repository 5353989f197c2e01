// The environment namespace is single (decision 0016): vars keys, requiredSensitiveVars entries
// and binding names of one WorkerVersion share one runtime environment object. A vars key equal to
// a sensitive var, a vars key equal to a binding name, and a sensitive var equal to a binding name
// are each refused invalid_argument (400) before any mutation, on apply and on import, storing
// nothing. The same three kinds of entry with distinct names are accepted.

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

export default defineCheck(
  "vars keys, sensitive vars and binding names are one namespace: any collision is invalid_argument; distinct names are accepted",
  async (ctx) => {
    const b = builder(ctx);
    const form = ctx.form("WorkerVersion");
    const worker = await b.worker();
    const bundle = await b.bundle();
    const kv = await b.plain("EdgeKVNamespace");
    const db = await b.plain("SQLiteDatabase");

    const collisions: VersionCollision[] = [
      ["vars key API_KEY and sensitive var API_KEY", { vars: { API_KEY: "public" }, requiredSensitiveVars: ["API_KEY"] }],
      ["vars key CACHE and kv binding CACHE", { vars: { CACHE: "on" }, kvBindings: [bindingEntry("CACHE", kv)] }],
      ["sensitive var DB and sqlite binding DB", { requiredSensitiveVars: ["DB"], sqliteBindings: [bindingEntry("DB", db)] }],
    ];
    const refused = await expectVersionCollisionsRefused(ctx, { worker, bundle }, collisions);
    const distinct = versionSpec(ctx, {
      worker,
      bundle,
      handlers: ["fetch"],
      extra: {
        vars: { LOG_LEVEL: "info" },
        requiredSensitiveVars: ["API_KEY"],
        kvBindings: [bindingEntry("CACHE", kv)],
        sqliteBindings: [bindingEntry("DB", db)],
      },
    });
    b.track(
      expectAccepted(
        await attemptCreate(ctx.primary, form.ref, ctx.name("version"), ctx.space, distinct),
        201,
        "apply of a version with distinct vars, sensitive var and binding names",
      ),
    );
    await b.cleanup();
    return `${refused.join("; ")} were refused on apply and import with nothing stored; distinct names were accepted`;
  },
);
