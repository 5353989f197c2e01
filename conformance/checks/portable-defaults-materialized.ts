// Portable defaults (own check): a host materializes every declared top-level default at the
// entry of validate, prepare, apply and import. Omitting a defaulted property and writing its
// default are one desired state — same specDigest, same generation, no update — and a present
// value is kept even when it differs from the default. Defaults come from the PINNED schema.

import { specDigest, type JsonSchema } from "../../corpus/lib/index.js";
import { defineCheck } from "../check.js";
import { expectEqual, expectNotEqual, expectStatus } from "../harness/assert.js";
import { CorpusGap } from "../harness/corpus.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { probeSpec } from "../harness/probes.js";

export default defineCheck("omitting a default and writing it are one desired state, on prepare, apply and import", async (ctx) => {
  const form = ctx.corpus.forms().find((f) => f.relations.length === 0 && f.capabilities.includes("update") && Object.keys(f.defaults).length > 0);
  if (!form) throw new CorpusGap("no pinned Form with update, no relations and a declared default");
  const [field, value] = Object.entries(form.defaults)[0]!;
  const props = form.definition.desiredSchema["properties"] as Record<string, JsonSchema>;
  const omitted = probeSpec(ctx, form);
  delete omitted[field];
  const written = { ...omitted, [field]: structuredClone(value) };
  const materialized = ctx.corpus.materialize(form, omitted);
  expectEqual(materialized[field], value, `pinned default of ${field}`);

  const name = ctx.name("defaults");
  const pOmitted = await ctx.primary.prepare(resourceDoc(form.ref, name, ctx.space, omitted), { create: true });
  const pWritten = await ctx.primary.prepare(resourceDoc(form.ref, name, ctx.space, written), { create: true });
  expectStatus(pOmitted, 200, "prepare omitting the default");
  expectStatus(pWritten, 200, "prepare writing the default");
  const specOf = (b: unknown) => b as { resource: { spec: unknown }; review: { specDigest: string } };
  expectEqual(specOf(pOmitted.body).resource.spec, materialized, "spec echoed by prepare when the default is omitted");
  expectEqual(specOf(pOmitted.body).review.specDigest, specDigest(materialized), "specDigest when the default is omitted");
  expectEqual(specOf(pWritten.body).review.specDigest, specDigest(materialized), "specDigest when the default is written");

  const live = await ctx.primary.create(form.ref, name, ctx.space, omitted);
  expectEqual(live.body.spec, materialized, "spec stored by a create omitting the default");
  const doc = resourceDoc(form.ref, name, ctx.space, written);
  const review = await ctx.primary.prepareDigest(doc, { generation: "1" }, "prepare writing the default");
  const same = await ctx.primary.settle(await ctx.primary.apply(doc, review, { generation: "1" }));
  expectStatus(same, 200, "apply writing the default");
  const after = liveFrom(same, "apply writing the default");
  expectEqual([after.generation, after.revision], [live.generation, live.revision], "generation and revision after writing the default explicitly");

  // A present value that differs from the default is kept.
  const schema = props[field] ?? {};
  const other =
    typeof value === "number" ? (typeof schema["maximum"] === "number" && value + 1 > (schema["maximum"] as number) ? value - 1 : value + 1) : undefined;
  if (other !== undefined) {
    const changed = await ctx.primary.update(after, { ...omitted, [field]: other });
    expectEqual(changed.body.spec[field], other, `${field} written as ${other}`);
    expectNotEqual(changed.generation, after.generation, "generation after writing a non-default value");
    await ctx.primary.destroy(changed);
  } else {
    await ctx.primary.destroy(after);
  }
  const imported = await ctx.primary.settle(
    await ctx.primary.importResource(resourceDoc(form.ref, ctx.name("defaults"), ctx.space, omitted), ctx.names.nativeId(), { create: true }),
  );
  expectStatus(imported, 201, "import omitting the default");
  expectEqual(liveFrom(imported, "import").body.spec, materialized, "spec stored by an import omitting the default");
  await ctx.primary.destroy(liveFrom(imported, "import"));
  return `${form.ref.kind}.${field}: omitted and written (${JSON.stringify(value)}) gave one specDigest and moved no generation; prepare, apply and import echoed it materialized`;
});
