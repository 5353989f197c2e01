// The installed set is keyed by the exact identity (decision 0022 rule 1): two definition
// versions of one group and kind answer independently on {api}/forms, the Form Definition
// surface and the support surface, and one contract's definitionVersion joined with the other's
// schemaDigest names nothing (form_unknown).

import { canonicalJson, type ExactFormRef } from "../../corpus/lib/index.js";
import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { twoVersions } from "../harness/probes.js";
import { exactFormsQuery, formDefinition, forms, supportForm } from "../harness/surfaces.js";

export default defineCheck("two definition versions of one kind answer independently; a mixed identity is form_unknown", async (ctx) => {
  const [a, b] = twoVersions(ctx);
  for (const f of [a, b]) {
    const label = `${f.ref.kind}@${f.ref.definitionVersion}`;
    const avail = await forms(ctx.primary, exactFormsQuery(f.ref, ctx.space));
    expectStatus(avail, 200, `forms for ${label}`);
    const entries = (avail.body as { forms: { identity: { formRef: ExactFormRef } }[] }).forms;
    expectEqual(entries.length, 1, `number of availability entries for ${label}`);
    expectEqual(entries[0]!.identity.formRef, f.ref, `availability identity for ${label}`);
    const def = await formDefinition(ctx.primary, f.ref, ctx.space);
    expectStatus(def, 200, `form-definition for ${label}`);
    const served = def.body as { identity: { formRef: ExactFormRef }; desiredSchema: unknown };
    expectEqual(served.identity.formRef, f.ref, `form-definition identity for ${label}`);
    expectEqual(canonicalJson(served.desiredSchema), canonicalJson(f.definition.desiredSchema), `desiredSchema served for ${label} (canonical bytes)`);
    const sup = await supportForm(ctx.primary, f.ref);
    expectStatus(sup, 200, `support profile for ${label}`);
    expectEqual((sup.body as { formRef?: ExactFormRef }).formRef, f.ref, `support profile formRef for ${label}`);
  }
  const mixes: [string, ExactFormRef][] = [
    [`${a.ref.definitionVersion} with ${b.ref.definitionVersion}'s digest`, { ...a.ref, schemaDigest: b.ref.schemaDigest }],
    [`${b.ref.definitionVersion} with ${a.ref.definitionVersion}'s digest`, { ...b.ref, schemaDigest: a.ref.schemaDigest }],
  ];
  for (const [label, mixed] of mixes) {
    expectError(await forms(ctx.primary, exactFormsQuery(mixed, ctx.space)), "form_unknown", `forms for ${label}`);
    expectError(await formDefinition(ctx.primary, mixed, ctx.space), "form_unknown", `form-definition for ${label}`);
    expectError(await ctx.primary.read(mixed, ctx.name("mixed"), ctx.space), "form_unknown", `read for ${label}`);
  }
  return `${a.ref.kind} ${a.ref.definitionVersion} and ${b.ref.definitionVersion} answered as themselves on forms, form-definitions and support; both mixed identities were form_unknown`;
});
