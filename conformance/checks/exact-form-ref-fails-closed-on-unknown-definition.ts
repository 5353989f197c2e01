// Resource identity: an exact FormRef naming a definitionVersion or schemaDigest the host does
// not have fails form_unknown (404) on {api}/forms, on the Form Definition surface and on every
// resource route, and never falls back to the group and kind.

import type { ExactFormRef } from "../../corpus/lib/index.js";
import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { plainProbe } from "../harness/probes.js";
import { exactFormsQuery, formDefinition, forms } from "../harness/surfaces.js";

const ABSENT_DIGEST = "sha256:" + "0".repeat(63) + "1";

export default defineCheck("an unknown definitionVersion or schemaDigest is form_unknown on every surface", async (ctx) => {
  const { form, spec } = plainProbe(ctx);
  const ref = form.ref;
  const live = await ctx.primary.create(ref, ctx.name("exact"), ctx.space, spec());
  const unknowns: [string, ExactFormRef][] = [
    ["an unknown definitionVersion", { ...ref, definitionVersion: "99.0.0" }],
    ["an unknown schemaDigest", { ...ref, schemaDigest: ABSENT_DIGEST }],
  ];
  let refusals = 0;
  for (const [label, bad] of unknowns) {
    const w = `under ${label}`;
    expectError(await forms(ctx.primary, exactFormsQuery(bad, ctx.space)), "form_unknown", `forms ${w}`);
    expectError(await formDefinition(ctx.primary, bad, ctx.space), "form_unknown", `form-definition ${w}`);
    expectError(await ctx.primary.read(bad, live.name, ctx.space), "form_unknown", `read of an existing resource ${w}`);
    expectError(await ctx.primary.observe(bad, live.name, ctx.space, { generation: live.generation }), "form_unknown", `observe ${w}`);
    expectError(await ctx.primary.remove(bad, live.name, ctx.space, { generation: live.generation }), "form_unknown", `delete ${w}`);
    const doc = resourceDoc(bad, ctx.name("unknown"), ctx.space, spec());
    expectError(await ctx.primary.validate(doc), "form_unknown", `validate ${w}`);
    expectError(await ctx.primary.prepare(doc, { create: true }), "form_unknown", `prepare ${w}`);
    expectError(await ctx.primary.importResource(doc, ctx.names.nativeId(), { create: true }), "form_unknown", `import ${w}`);
    expectError(await ctx.primary.apply(doc, ABSENT_DIGEST, { create: true }), "form_unknown", `apply ${w}`);
    refusals += 9;
  }
  // The accepting half: the exact ref answers everywhere and the resource is untouched.
  expectStatus(await forms(ctx.primary, exactFormsQuery(ref, ctx.space)), 200, "forms under the exact ref");
  expectStatus(await formDefinition(ctx.primary, ref, ctx.space), 200, "form-definition under the exact ref");
  const after = await ctx.primary.fetch(ref, live.name, ctx.space);
  expectEqual(after.revision, live.revision, "revision of the resource after the refused requests");
  await ctx.primary.destroy(after);
  return `${refusals} requests under unknown identities answered form_unknown; the exact ref answered and the resource stayed at revision ${live.revision}`;
});
