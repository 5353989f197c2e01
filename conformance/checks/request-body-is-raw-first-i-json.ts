// Shared wire rules (own check): every request document is decoded raw-first as I-JSON. A
// duplicate member (top level or nested in the spec), invalid UTF-8, a lone surrogate, a number
// outside binary64, trailing data and an undeclared envelope member are invalid_argument before
// any mutation, on validate, prepare and apply; the well-formed document is accepted.

import { defineCheck } from "../check.js";
import { expectError, expectStatus } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { API_PATH, resourcePath } from "../harness/paths.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("duplicate members, invalid UTF-8, lone surrogates and out-of-range numbers are invalid_argument", async (ctx) => {
  const probe = mutableProbe(ctx);
  const name = ctx.name("ijson");
  const doc = resourceDoc(probe.form.ref, name, ctx.space, probe.variant(0));
  const text = JSON.stringify(doc);
  const field = probe.field;
  const at = text.indexOf(`"space":"`) + `"space":"`.length;
  const bad: [string, string | Buffer][] = [
    ["a duplicate top-level member", text.replace(/^\{/, `{"kind":${JSON.stringify(doc.kind)},`)],
    ["a duplicate member inside the spec", text.replace(`"spec":{`, `"spec":{"${field}":1,`)],
    ["invalid UTF-8", Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xff, 0xfe]), Buffer.from(text.slice(at))])],
    ["a lone surrogate", text.replace(`"space":"`, `"space":"\\ud800`)],
    ["a number outside binary64", text.replace(`"spec":{`, `"spec":{"${field}":1e400,`).replace(new RegExp(`,"${field}":[0-9]+`), "")],
    ["trailing data", text + " {}"],
    ["an undeclared envelope member", text.replace(/^\{/, `{"unexpectedMember":true,`)],
  ];
  for (const [label, raw] of bad) {
    expectError(
      await ctx.primary.send("validate", { method: "POST", path: `${API_PATH}/resources/validate`, raw }),
      "invalid_argument",
      `validate with ${label}`,
    );
    expectError(await ctx.primary.send("prepare", { method: "POST", path: `${API_PATH}/resources/prepare`, raw }), "invalid_argument", `prepare with ${label}`);
    expectError(
      await ctx.primary.send("apply", {
        method: "PUT",
        path: resourcePath(probe.form.ref, name),
        raw,
        headers: { "if-none-match": "*", "idempotency-key": ctx.names.key() },
      }),
      "invalid_argument",
      `apply with ${label}`,
    );
  }
  expectError(await ctx.primary.read(probe.form.ref, name, ctx.space), "resource_not_found", "read after the refused applies");
  const live = await ctx.primary.create(probe.form.ref, name, ctx.space, probe.variant(0));
  expectStatus(await ctx.primary.read(probe.form.ref, name, ctx.space), 200, "read of the well-formed create");
  await ctx.primary.destroy(live);
  return `${bad.length} malformed documents were invalid_argument on validate, prepare and apply and stored nothing; the well-formed document created`;
});
