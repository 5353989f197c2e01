// Errors: every refusal is one envelope {error: {code, message, requestId, retryable}} with a
// code of the closed taxonomy at its fixed HTTP status; only resource_busy, backend_unavailable,
// rate_limited and deadline_exceeded may be retryable (with Retry-After honoured when present);
// each request gets its own requestId. Codes a black-box client cannot cause are asked of the
// host through its test-only error probe.

import { ERROR_CODES, ERROR_STATUS, mayBeRetryable, type ErrorCode } from "../../corpus/lib/index.js";
import { defineCheck } from "../check.js";
import { envelopeProblems, expectError, expectTrue, fail } from "../harness/assert.js";
import { errorOf, type HostResponse } from "../harness/http.js";
import { API_PATH, PROBE_HEADER, query } from "../harness/paths.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("every refusal is one closed-taxonomy envelope at its status, retryable only where allowed", async (ctx) => {
  const probe = mutableProbe(ctx);
  const live = await ctx.primary.update(await ctx.primary.create(probe.form.ref, ctx.name("errs"), ctx.space, probe.variant(0)), probe.variant(1));
  const { ref, name, space } = live;
  const doc = resourceDoc(ref, name, space, probe.variant(2));
  const review = await ctx.primary.prepareDigest(doc, { generation: live.generation }, "prepare of an update");
  const caused: [ErrorCode, HostResponse][] = [
    ["unauthenticated", await ctx.anonymous.read(ref, name, space)],
    ["form_unknown", await ctx.primary.read({ ...ref, definitionVersion: "97.0.0" }, name, space)],
    ["resource_not_found", await ctx.primary.read(ref, ctx.name("none"), space)],
    ["invalid_argument", await ctx.primary.remove(ref, name, space, {})],
    ["generation_conflict", await ctx.primary.remove(ref, name, space, { generation: "1" })],
    ["revision_conflict", await ctx.primary.remove(ref, name, space, { generation: live.generation, ifMatch: "1" })],
    ["uid_mismatch", await ctx.primary.apply(doc, review, { generation: live.generation, expectedUid: `other-${ctx.names.key()}` })],
  ];
  const requestIds = new Set<string>();
  for (const [code, res] of caused) {
    expectError(res, code, `caused ${code}`);
    const err = errorOf(res)!;
    expectTrue(err.retryable === false, `${code} was marked retryable`);
    expectTrue(err.requestId !== undefined && !requestIds.has(err.requestId), `${code} reused requestId ${err.requestId}`);
    requestIds.add(err.requestId!);
  }
  // Every code of the closed taxonomy, asked of the host through its probe.
  for (const code of ERROR_CODES) {
    const res = await ctx.primary.send(
      "forms",
      { method: "GET", path: `${API_PATH}/forms${query({ space })}`, headers: { [PROBE_HEADER]: `error:${code}` } },
      { allowServerError: true },
    );
    const err = errorOf(res);
    if (!err || err.code !== code) fail(`probe error:${code}: expected the ${code} envelope, got HTTP ${res.status} ${err?.code ?? res.text.slice(0, 80)}`);
    const problems = envelopeProblems(res);
    if (problems.length) fail(`probe error:${code}: ${problems.join("; ")}`);
    expectTrue(res.status === ERROR_STATUS[code], `probe error:${code} answered HTTP ${res.status}`);
    if (!mayBeRetryable(code)) expectTrue(err.retryable === false, `${code} was marked retryable`);
    const after = res.headers["retry-after"];
    if (after !== undefined) expectTrue(/^\d+$/.test(after) || !Number.isNaN(Date.parse(after)), `${code} carries a malformed Retry-After ${after}`);
  }
  const unchanged = await ctx.primary.fetch(ref, name, space);
  expectTrue(unchanged.revision === live.revision, "the refused requests moved the resource");
  await ctx.primary.destroy(unchanged);
  return `${caused.length} caused refusals and ${ERROR_CODES.length} probed codes were closed-taxonomy envelopes at their statuses with distinct requestIds; only the four retryable codes could be retryable`;
});
