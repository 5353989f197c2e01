// {api}/forms answers an exact FormRef query about the whole identity: one availability entry
// naming exactly that ref and its pinned packageDigest with the operations the pinned Definition declares, and form_unknown
// for any identity the host does not hold.

import type { ExactFormRef } from "../../corpus/lib/index.js";
import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { exactFormsQuery, forms } from "../harness/surfaces.js";

interface Availability {
  identity: { formRef: ExactFormRef; packageDigest?: string };
  definitionKnown: boolean;
  installed: boolean;
  executable: boolean;
  activated: boolean;
  availableToPrincipal: boolean;
  operations: string[];
}

export default defineCheck("an exact forms query answers one entry for exactly that ref, with the pinned operations", async (ctx) => {
  const all = ctx.corpus.forms();
  for (const f of all) {
    const label = `${f.ref.kind}@${f.ref.definitionVersion}`;
    const res = await forms(ctx.primary, exactFormsQuery(f.ref, ctx.space));
    expectStatus(res, 200, `forms for ${label}`);
    const entries = (res.body as { forms: Availability[] }).forms;
    expectEqual(entries.length, 1, `availability entries for ${label}`);
    const e = entries[0]!;
    expectEqual(e.identity.formRef, f.ref, `availability identity for ${label}`);
    expectEqual(e.identity.packageDigest, f.packageDigest, `availability packageDigest (audit evidence) for ${label}`);
    for (const flag of ["definitionKnown", "installed", "executable", "activated", "availableToPrincipal"] as const) {
      expectEqual(e[flag], true, `${flag} for ${label}`);
    }
    expectEqual(e.operations, f.definition.lifecycleCapabilities, `operations (exactly the Definition's, in its order) for ${label}`);
  }
  const first = all[0]!;
  for (const [label, ref] of [
    ["a substituted schemaDigest", { ...first.ref, schemaDigest: `sha256:${"0".repeat(64)}` }],
    ["an unknown definitionVersion", { ...first.ref, definitionVersion: "77.0.0" }],
    ["an unknown kind", { ...first.ref, kind: "NoSuchKind" }],
    ["an unknown group", { ...first.ref, apiVersion: "nowhere.forms.takoform.com/v1beta1" }],
  ] as [string, ExactFormRef][]) {
    expectError(await forms(ctx.primary, exactFormsQuery(ref, ctx.space)), "form_unknown", `forms for ${label}`);
  }
  return `${all.length} exact refs answered one entry each with the pinned operations; 4 unknown identities (substituted schemaDigest, definitionVersion, kind, group) were form_unknown`;
});
