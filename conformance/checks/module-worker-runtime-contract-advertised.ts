// Support profiles: a host supporting ModuleWorker advertises the runtime contract at exactly
// the schemaDigest the pinned Form's providedInterfaces names, advertises the WorkerVersion
// handlers enum as exactly that contract's vocabulary, and advertises no compatibilityDate range
// or compatibilityFlags enum anywhere.

import { defineCheck } from "../check.js";
import { expectEqual, expectStatus, expectTrue } from "../harness/assert.js";
import { runtimeContract } from "../harness/contracts.js";
import { supportForm, supportForms, supportInterface } from "../harness/surfaces.js";

export default defineCheck("worker.runtime is advertised at the pinned digest, handlers exactly its vocabulary, no compatibility tokens", async (ctx) => {
  const runtime = runtimeContract(ctx);
  const worker = ctx.form("ModuleWorker");
  const provided = (worker.definition.providedInterfaces ?? []).find((i) => i.name === runtime.ref.name && i.version === runtime.ref.version);
  expectTrue(provided, `pinned ModuleWorker does not provide ${runtime.ref.name}@${runtime.ref.version}`);

  const sup = await supportInterface(ctx.primary, runtime.ref.name, runtime.ref.version);
  expectStatus(sup, 200, `support profile for ${runtime.ref.name}@${runtime.ref.version}`);
  const profile = sup.body as { kind: string; interfaceRef?: unknown };
  expectEqual(profile.kind, "InterfaceSupport", "kind of the runtime contract's profile");
  expectEqual(profile.interfaceRef, provided, "advertised runtime interfaceRef (exact, as the pinned ModuleWorker names it)");
  const workerProfile = await supportForm(ctx.primary, worker.ref);
  expectStatus(workerProfile, 200, "support profile of the ModuleWorker Form line that provides it");
  expectTrue(((workerProfile.body as { operations?: unknown[] }).operations ?? []).length > 0, "the ModuleWorker support profile advertises no operations");

  const version = ctx.form("WorkerVersion");
  const vs = await supportForm(ctx.primary, version.ref);
  expectStatus(vs, 200, "support profile of WorkerVersion");
  const handlers = (vs.body as { supportedEnums?: Record<string, string[]> }).supportedEnums?.["handlers"];
  expectEqual(handlers, runtime.handlers, "advertised WorkerVersion handlers enum (exactly the runtime contract's vocabulary, in its order)");

  const all = await supportForms(ctx.primary);
  expectStatus(all, 200, "support/forms");
  const profiles = [...(all.body as { profiles: unknown[] }).profiles, profile, vs.body];
  for (const p of profiles) {
    const q = p as { supportedRanges?: Record<string, unknown>; supportedEnums?: Record<string, unknown>; formRef?: { kind?: string } };
    expectTrue(!q.supportedRanges || !("compatibilityDate" in q.supportedRanges), `profile ${q.formRef?.kind ?? "?"} advertises a compatibilityDate range`);
    expectTrue(!q.supportedEnums || !("compatibilityFlags" in q.supportedEnums), `profile ${q.formRef?.kind ?? "?"} advertises a compatibilityFlags enum`);
  }
  // The refusing half: a runtime contract version nobody pinned is not advertised.
  const bogus = await supportInterface(ctx.primary, runtime.ref.name, "99.0.0");
  expectTrue(bogus.status === 404, `support profile for ${runtime.ref.name}@99.0.0 answered HTTP ${bogus.status}, expected 404`);
  return `${runtime.ref.name}@${runtime.ref.version} at ${runtime.ref.schemaDigest.slice(0, 15)}…, handlers [${runtime.handlers.join(", ")}], no compatibility tokens in ${profiles.length} profiles; an unpinned version is not advertised`;
});
