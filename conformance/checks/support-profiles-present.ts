// Support profiles: every pinned Form has a FormSupport profile naming exactly its ref with its
// declared operations, listed on support/forms too; every pinned Interface and Binding has its
// profile at the exact ref; artifact-backed Forms publish maximumBundleBytes with
// maximumBundleFiles; no profile carries price, SKU, region or quota; unknown identities are 404.

import { defineCheck } from "../check.js";
import { expectEqual, expectStatus, expectTrue } from "../harness/assert.js";
import { allKeys } from "../harness/contracts.js";
import { supportBinding, supportForm, supportForms, supportInterface } from "../harness/surfaces.js";

const ARTIFACT_KINDS = new Set(["WorkerBundle", "StaticAssetBundle", "SQLiteMigrationSet"]);
const COMMERCIAL = /price|sku|region|quota/i;

export default defineCheck("every pinned Form, Interface and Binding has an exact support profile free of commercial terms", async (ctx) => {
  const listed = await supportForms(ctx.primary);
  expectStatus(listed, 200, "support/forms");
  const profiles = (listed.body as { profiles: { formRef?: { apiVersion: string; kind: string; definitionVersion: string; schemaDigest: string } }[] })
    .profiles;
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
    const p = res.body as { kind: string; formRef: unknown; operations: string[]; limits?: Record<string, number> };
    expectEqual(p.kind, "FormSupport", `kind of ${label}'s profile`);
    expectEqual(p.formRef, f.ref, `formRef of ${label}'s profile`);
    expectEqual([...p.operations].sort(), [...f.definition.lifecycleCapabilities].sort(), `operations of ${label}'s profile`);
    if (ARTIFACT_KINDS.has(f.ref.kind)) {
      for (const limit of ["maximumBundleBytes", "maximumBundleFiles"]) {
        const v = p.limits?.[limit];
        expectTrue(typeof v === "number" && v > 0, `${label}'s profile publishes no positive ${limit}`);
      }
    }
  }
  const interfaces = ctx.corpus.catalog.interfaces();
  for (const i of interfaces) {
    const res = await supportInterface(ctx.primary, i.ref.name, i.ref.version);
    expectStatus(res, 200, `support profile for interface ${i.ref.name}@${i.ref.version}`);
    expectEqual((res.body as { interfaceRef?: unknown }).interfaceRef, i.ref, `interfaceRef of ${i.ref.name}'s profile`);
    profiles.push(res.body as never);
  }
  const bindings = ctx.corpus.catalog.bindings();
  for (const b of bindings) {
    const res = await supportBinding(ctx.primary, b.ref.name, b.ref.version);
    expectStatus(res, 200, `support profile for binding ${b.ref.name}@${b.ref.version}`);
    expectEqual((res.body as { bindingRef?: unknown }).bindingRef, b.ref, `bindingRef of ${b.ref.name}'s profile`);
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
