// Support profiles: every pinned Form has a FormSupport profile naming exactly its ref with its
// declared operations, listed on support/forms too; every pinned Interface and Binding has its
// profile at the exact ref; artifact-backed Forms publish maximumBundleBytes with
// maximumBundleFiles (4,096 modules for WorkerBundle, 16,384 files for the others); WorkerVersion
// publishes maximumBundleBytes and exactly the runtime contract's handlers; every profile is
// support.takoform.com/v1alpha1 of its kind; no profile carries price, SKU, region, quota or
// billing; unknown identities are 404.

import { defineCheck } from "../check.js";
import { expectEqual, expectStatus, expectTrue } from "../harness/assert.js";
import { allKeys, runtimeContract } from "../harness/contracts.js";
import { supportBinding, supportForm, supportForms, supportInterface } from "../harness/surfaces.js";

/** The portable profile's file ceilings (Host API v1beta1, support profiles): modules of a WorkerBundle, files of the others. */
const ARTIFACT_FILES: ReadonlyMap<string, number> = new Map([
  ["WorkerBundle", 4096],
  ["StaticAssetBundle", 16384],
  ["SQLiteMigrationSet", 16384],
]);
const COMMERCIAL = /price|sku|region|quota|billing/i;
const SUPPORT_API = "support.takoform.com/v1alpha1";

export default defineCheck("every pinned Form, Interface and Binding has an exact support profile free of commercial terms", async (ctx) => {
  const listed = await supportForms(ctx.primary);
  expectStatus(listed, 200, "support/forms");
  const profiles = (
    listed.body as {
      profiles: { apiVersion?: string; kind?: string; formRef?: { apiVersion: string; kind: string; definitionVersion: string; schemaDigest: string } }[];
    }
  ).profiles;
  expectTrue(profiles.length > 0, "support/forms lists no profile");
  for (const p of profiles)
    expectEqual([p.apiVersion, p.kind], [SUPPORT_API, "FormSupport"], `apiVersion and kind of the listed profile of ${p.formRef?.kind ?? "?"}`);
  const forms = ctx.corpus.forms();
  for (const f of forms) {
    const label = `${f.ref.kind}@${f.ref.definitionVersion}`;
    expectTrue(
      profiles.some(
        (p) =>
          p.formRef &&
          p.formRef.apiVersion === f.ref.apiVersion &&
          p.formRef.kind === f.ref.kind &&
          p.formRef.definitionVersion === f.ref.definitionVersion &&
          p.formRef.schemaDigest === f.ref.schemaDigest,
      ),
      `support/forms lists no profile for ${label} at its exact ref`,
    );
    const res = await supportForm(ctx.primary, f.ref);
    expectStatus(res, 200, `support profile for ${label}`);
    const p = res.body as { apiVersion: string; kind: string; formRef: unknown; operations: string[]; limits?: Record<string, number> };
    expectEqual([p.apiVersion, p.kind], [SUPPORT_API, "FormSupport"], `apiVersion and kind of ${label}'s profile`);
    expectEqual(p.formRef, f.ref, `formRef of ${label}'s profile`);
    expectEqual([...p.operations].sort(), [...f.definition.lifecycleCapabilities].sort(), `operations of ${label}'s profile`);
    const files = ARTIFACT_FILES.get(f.ref.kind);
    if (files !== undefined) {
      const bytes = p.limits?.["maximumBundleBytes"];
      expectTrue(typeof bytes === "number" && bytes > 0, `${label}'s profile publishes no positive maximumBundleBytes`);
      expectEqual(p.limits?.["maximumBundleFiles"], files, `${label}'s profile maximumBundleFiles (the portable profile's ceiling)`);
    }
    if (f.ref.kind === "WorkerVersion") {
      const bytes = p.limits?.["maximumBundleBytes"];
      expectTrue(typeof bytes === "number" && bytes > 0, `${label}'s profile publishes no positive maximumBundleBytes`);
      const handlers = (p as { supportedEnums?: Record<string, unknown> }).supportedEnums?.["handlers"];
      expectEqual(handlers, runtimeContract(ctx).handlers, `${label}'s supportedEnums.handlers (exactly the runtime contract's vocabulary, in its order)`);
    }
  }
  const interfaces = ctx.corpus.catalog.interfaces();
  for (const i of interfaces) {
    const res = await supportInterface(ctx.primary, i.ref.name, i.ref.version);
    expectStatus(res, 200, `support profile for interface ${i.ref.name}@${i.ref.version}`);
    expectEqual((res.body as { interfaceRef?: unknown }).interfaceRef, i.ref, `interfaceRef of ${i.ref.name}'s profile`);
    const ik = res.body as { apiVersion?: string; kind?: string };
    expectEqual([ik.apiVersion, ik.kind], [SUPPORT_API, "InterfaceSupport"], `apiVersion and kind of interface ${i.ref.name}'s profile`);
    profiles.push(res.body as never);
  }
  const bindings = ctx.corpus.catalog.bindings();
  for (const b of bindings) {
    const res = await supportBinding(ctx.primary, b.ref.name, b.ref.version);
    expectStatus(res, 200, `support profile for binding ${b.ref.name}@${b.ref.version}`);
    expectEqual((res.body as { bindingRef?: unknown }).bindingRef, b.ref, `bindingRef of ${b.ref.name}'s profile`);
    const bk = res.body as { apiVersion?: string; kind?: string };
    expectEqual([bk.apiVersion, bk.kind], [SUPPORT_API, "BindingSupport"], `apiVersion and kind of binding ${b.ref.name}'s profile`);
    profiles.push(res.body as never);
  }
  for (const key of allKeys(profiles)) expectTrue(!COMMERCIAL.test(key), `a support profile carries the commercial member "${key}"`);
  // The refusing half: identities the host does not hold have no profile.
  const first = forms[0]!;
  for (const [label, res] of [
    ["an unknown definitionVersion", await supportForm(ctx.primary, { ...first.ref, definitionVersion: "99.0.0" })],
    ["an unknown interface", await supportInterface(ctx.primary, "no.such.interface", "1.0.0")],
    ["an unknown binding", await supportBinding(ctx.primary, "no.such.binding", "1.0.0")],
  ] as const) {
    expectTrue(res.status === 404, `support profile for ${label} answered HTTP ${res.status}, expected 404`);
  }
  return `${forms.length} Forms, ${interfaces.length} Interfaces and ${bindings.length} Bindings have exact profiles; no commercial members; unknown identities were 404`;
});
