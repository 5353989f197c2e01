// Decision 0022: for an exact FormRef the Form Definition surface serves the installed
// Definition's own desiredSchema, byte-for-byte in canonical form — every default, bound,
// pattern and enum — compared against the PINNED package, never echoing a schema of the host's.

import { canonicalJson, type ExactFormRef } from "../../corpus/lib/index.js";
import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { formDefinition } from "../harness/surfaces.js";

export default defineCheck("every pinned Form's served desiredSchema equals the pinned bytes", async (ctx) => {
  const all = ctx.corpus.forms();
  for (const f of all) {
    const label = `${f.ref.kind}@${f.ref.definitionVersion}`;
    const res = await formDefinition(ctx.primary, f.ref, ctx.space);
    expectStatus(res, 200, `form-definition for ${label}`);
    const served = res.body as { identity: { formRef: ExactFormRef; packageDigest?: string }; desiredSchema: unknown };
    expectEqual(served.identity.formRef, f.ref, `identity served for ${label}`);
    // packageDigest is optional audit evidence here; when stated it is the pinned package's.
    if (served.identity.packageDigest !== undefined) {
      expectEqual(served.identity.packageDigest, f.packageDigest, `packageDigest (audit evidence) served for ${label}`);
    }
    expectEqual(canonicalJson(served.desiredSchema), canonicalJson(f.definition.desiredSchema), `desiredSchema served for ${label} (canonical bytes)`);
  }
  // The refusing half: the identity is not echoed back with a schema for an identity the host lacks.
  const first = all[0]!;
  const forged: ExactFormRef = { ...first.ref, schemaDigest: "sha256:" + "f".repeat(64) };
  expectError(await formDefinition(ctx.primary, forged, ctx.space), "form_unknown", "form-definition for a forged schemaDigest");
  return `${all.length} pinned definitions served their exact desiredSchema; a forged identity was form_unknown`;
});
