// Space identity: a SpaceID is an opaque, case-sensitive string of 1..255 code points with no
// leading/trailing White_Space or U+FEFF, no C0/C1 control and no "/". Valid odd spaces are
// accepted and preserved exactly (case, embedded whitespace, non-ASCII); invalid ones are
// refused invalid_argument and store nothing.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectNotEqual } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { plainProbe } from "../harness/probes.js";

export default defineCheck("valid SpaceIDs are preserved exactly; invalid ones are invalid_argument", async (ctx) => {
  const { form, spec } = plainProbe(ctx);
  const run = ctx.env.runId;
  const valid = [
    `Conformance ${run} with inner space`,
    `conformance ${run} ünïcödé 空間`,
    `CASE-${run}`,
    `case-${run}`,
    `${run}-` + "x".repeat(255 - run.length - 1),
    `ideographic\u3000inside-${run}`,
  ];
  const invalid: [string, string][] = [
    ["the empty space", ""],
    ["a leading space", ` lead-${run}`],
    ["a trailing space", `trail-${run} `],
    ["a leading no-break space", `\u00a0nbsp-${run}`],
    ["a trailing ideographic space", `ideo-${run}\u3000`],
    ["a leading U+FEFF", `\ufeffbom-${run}`],
    ["a trailing U+FEFF", `bom-${run}\ufeff`],
    ["a DEL", `del\u007f-${run}`],
    ["a slash", `a/${run}`],
    ["a C0 control", `bell\u0007-${run}`],
    ["an embedded tab (C0)", `tab\tinside-${run}`],
    ["a C1 control", `nel\u0085-${run}`],
    ["256 code points", `${run}-` + "y".repeat(256 - run.length - 1)],
  ];
  for (const space of valid) {
    const live = await ctx.primary.create(form.ref, ctx.name("space"), space, spec());
    expectEqual(live.body.metadata.space, space, `space echoed for ${JSON.stringify(space)}`);
    const read = await ctx.primary.fetch(form.ref, live.name, space);
    expectEqual(read.uid, live.uid, `uid read back in ${JSON.stringify(space)}`);
    await ctx.primary.destroy(live);
  }
  // Case matters: the same name in CASE- and case- spaces are two resources.
  const name = ctx.name("case");
  const upper = await ctx.primary.create(form.ref, name, `CASE-${run}`, spec());
  const lower = await ctx.primary.create(form.ref, name, `case-${run}`, spec());
  expectNotEqual(upper.uid, lower.uid, "uids of one name in two spaces differing only in case");
  await ctx.primary.destroy(upper);
  await ctx.primary.destroy(lower);

  for (const [label, space] of invalid) {
    const doc = resourceDoc(form.ref, ctx.name("space"), space, spec());
    expectError(await ctx.primary.validate(doc), "invalid_argument", `validate in a space with ${label}`);
    expectError(await ctx.primary.prepare(doc, { create: true }), "invalid_argument", `prepare in a space with ${label}`);
    expectError(await ctx.primary.importResource(doc, ctx.names.nativeId(), { create: true }), "invalid_argument", `import in a space with ${label}`);
    expectError(await ctx.primary.read(form.ref, doc.metadata.name, space), "invalid_argument", `read in a space with ${label}`);
  }
  return `${valid.length} valid spaces (case, whitespace, non-ASCII, 255 code points) preserved exactly; ${invalid.length} invalid spaces refused on validate, prepare, import and read`;
});
