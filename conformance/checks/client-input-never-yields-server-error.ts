// Errors (own check): no client input ever yields a 5xx. Malformed bodies, wrong content types,
// absurd headers and paths, and unknown query keys are all refused with a closed-taxonomy 4xx
// envelope (every answer is held to that by the harness), and the host keeps serving.

import { defineCheck } from "../check.js";
import { expectTrue } from "../harness/assert.js";
import { describeResponse } from "../harness/http.js";
import { API_PATH, exactQuery, resourcePath } from "../harness/paths.js";
import { plainProbe } from "../harness/probes.js";
import type { Operation } from "../harness/operations.js";

export default defineCheck("malformed requests of every shape are 4xx envelopes, never 5xx", async (ctx) => {
  const { form } = plainProbe(ctx);
  const name = ctx.name("fuzz");
  const res = resourcePath(form.ref, name);
  const q = exactQuery(form.ref, ctx.space);
  const deep = "[".repeat(5000) + "]".repeat(5000);
  const attempts: [Operation, string, string, { raw?: string | Buffer; headers?: Record<string, string> }][] = [
    ["validate", "POST", `${API_PATH}/resources/validate`, { raw: "" }],
    ["validate", "POST", `${API_PATH}/resources/validate`, { raw: "[]" }],
    ["validate", "POST", `${API_PATH}/resources/validate`, { raw: "null" }],
    ["validate", "POST", `${API_PATH}/resources/validate`, { raw: deep }],
    ["validate", "POST", `${API_PATH}/resources/validate`, { raw: '{"apiVersion":', headers: { "content-type": "application/json" } }],
    ["validate", "POST", `${API_PATH}/resources/validate`, { raw: "<xml/>", headers: { "content-type": "application/xml" } }],
    ["prepare", "POST", `${API_PATH}/resources/prepare`, { raw: '{"apiVersion":1,"kind":[],"form":"x","metadata":null,"spec":7}' }],
    ["apply", "PUT", res, { raw: "{}", headers: { "if-none-match": "*", "idempotency-key": "k".repeat(5000) } }],
    ["apply", "PUT", res, { raw: "{}", headers: { "takoform-expected-generation": "99999999999999999999999" } }],
    ["apply", "PUT", res, { raw: "{}", headers: { "takoform-expected-generation": "-1", "if-match": 'W/"1"' } }],
    ["read", "GET", `${res}${q}&unknownKey=1`, {}],
    ["read", "GET", `${res}${q}&space=again`, {}],
    ["read", "GET", `${res}?space=%ZZ`, {}],
    ["read", "GET", `${API_PATH}/resources/${"a".repeat(300)}/v1/${form.ref.kind}/${name}${q}`, {}],
    ["read", "GET", `${API_PATH}/resources/edge.forms.takoform.com/v1beta1/${form.ref.kind}/${"N".repeat(100)}${q}`, {}],
    ["read", "GET", `${API_PATH}/resources/edge.forms.takoform.com/v1beta1/${form.ref.kind}/%00${q}`, {}],
    [
      "observe",
      "POST",
      `${res}/observe${q}`,
      { raw: '{"unexpected":true}', headers: { "takoform-expected-generation": "1", "idempotency-key": ctx.names.key() } },
    ],
    ["delete", "DELETE", `${res}${q}`, { headers: { "takoform-expected-generation": "abc", "idempotency-key": ctx.names.key() } }],
    ["off-table", "PATCH", res, { raw: "{}" }],
    ["off-table", "GET", `${API_PATH}/resources/edge.forms.takoform.com/v1beta1/${form.ref.kind}/${name}/refresh${q}`, {}],
  ];
  for (const [op, method, path, opts] of attempts) {
    const r = await ctx.primary.send(op, { method, path, ...opts });
    expectTrue(r.status >= 400 && r.status < 500, `${method} ${path.slice(0, 80)}: expected a 4xx refusal, got ${describeResponse(r)}`);
  }
  const alive = await ctx.primary.send("forms", {
    method: "GET",
    path: `${API_PATH}/forms${q}&group=${encodeURIComponent(form.ref.apiVersion)}&kind=${form.ref.kind}`,
  });
  expectTrue(alive.status === 200, `the host stopped answering after the malformed requests: ${describeResponse(alive)}`);
  return `${attempts.length} malformed requests were refused 4xx with envelopes; the host kept serving`;
});
