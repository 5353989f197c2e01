// Path shape: a namespaced group travels as two ordinary path segments on the resource,
// form-definition and support routes; the apiVersion string stays verbatim in bodies and in
// the group query key; a percent-encoded slash is never accepted as the group separator.

import { defineCheck } from "../check.js";
import { expectEqual, expectStatus, expectTrue } from "../harness/assert.js";
import { describeResponse, type HostResponse } from "../harness/http.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { API_PATH, exactQuery, query, seg, splitApiVersion } from "../harness/paths.js";
import { plainProbe } from "../harness/probes.js";
import { exactFormsQuery, formDefinition, forms, supportForm } from "../harness/surfaces.js";

export default defineCheck("the group travels as two path segments and %2F is never a group separator", async (ctx) => {
  const { form, spec } = plainProbe(ctx);
  const ref = form.ref;
  const [group, version] = splitApiVersion(ref.apiVersion);
  const live = await ctx.primary.create(ref, ctx.name("twoseg"), ctx.space, spec());
  expectEqual(live.body.apiVersion, ref.apiVersion, "apiVersion in the created resource");
  expectEqual(live.body.form.formRef.apiVersion, ref.apiVersion, "form.formRef.apiVersion in the created resource");
  expectStatus(await ctx.primary.read(ref, live.name, ctx.space), 200, "read over two segments");
  expectStatus(await formDefinition(ctx.primary, ref, ctx.space), 200, "form-definition over two segments");
  expectStatus(await supportForm(ctx.primary, ref), 200, "support profile over two segments");
  const avail = await forms(ctx.primary, exactFormsQuery(ref, ctx.space));
  expectStatus(avail, 200, "forms with the group query key carrying the apiVersion verbatim");

  // The same addresses with the group joined by an escaped slash must not resolve.
  const refused: string[] = [];
  for (const slash of ["%2F", "%2f"]) {
    const joined = `${seg(group)}${slash}${seg(version)}`;
    const attempts: [string, () => Promise<HostResponse>][] = [
      [
        `read`,
        () =>
          ctx.primary.send("read", { method: "GET", path: `${API_PATH}/resources/${joined}/${seg(ref.kind)}/${seg(live.name)}${exactQuery(ref, ctx.space)}` }),
      ],
      [
        `form-definition`,
        () =>
          ctx.primary.send("form-definition", {
            method: "GET",
            path: `${API_PATH}/form-definitions/${joined}/${seg(ref.kind)}${query({ definitionVersion: ref.definitionVersion, schemaDigest: ref.schemaDigest })}`,
          }),
      ],
      [
        `support`,
        () => ctx.primary.send("support-form", { method: "GET", path: `${API_PATH}/support/forms/${joined}/${seg(ref.kind)}/${seg(ref.definitionVersion)}` }),
      ],
    ];
    for (const [label, attempt] of attempts) {
      const res = await attempt();
      expectTrue(res.status >= 400 && res.status < 500, `${label} with the group joined by ${slash} was not refused: ${describeResponse(res)}`);
      refused.push(`${label}${slash}`);
    }
    // A create through the escaped shape stores nothing.
    const name = ctx.name("escaped");
    const doc = resourceDoc(ref, name, ctx.space, spec());
    const digest = await ctx.primary.prepareDigest(doc, { create: true }, `prepare of ${name}`);
    const put = await ctx.primary.apply(doc, digest, { create: true }, { path: `${API_PATH}/resources/${joined}/${seg(ref.kind)}/${seg(name)}` });
    expectTrue(put.status >= 400 && put.status < 500, `apply with the group joined by ${slash} was not refused: ${describeResponse(put)}`);
    expectStatus(await ctx.primary.read(ref, name, ctx.space), 404, `read of ${name} after the refused escaped apply`);
  }
  await ctx.primary.destroy(live);
  return `two-segment read, form-definition, support and forms answered; ${refused.length} escaped-slash requests and 2 escaped applies refused, nothing stored`;
});
