// Discovery: the v1beta1 document is exact, its endpoints are same-origin, unescaped paths
// under /apis/forms.takoform.com/v1beta1, and no other lane's discovery path answers with it.

import { defineCheck } from "../check.js";
import { expectEqual, expectStatus, expectTrue, fail } from "../harness/assert.js";
import { API_PATH } from "../harness/paths.js";
import { discovery } from "../harness/surfaces.js";

const FEATURES = ["service_forms", "exact_form_ref", "optimistic_concurrency", "idempotent_lifecycle", "operations", "artifact_upload", "support_profiles"];
const OTHER_LANES = ["/.well-known/takoform", "/.well-known/takoform/v1alpha2", "/.well-known/takoform/v1alpha3"];

export default defineCheck("the discovery document is exact and its endpoints are same-origin unescaped paths", async (ctx) => {
  const res = await discovery(ctx.primary);
  expectStatus(res, 200, "GET discovery");
  const doc = res.body as { api_versions: string[]; features: Record<string, boolean>; endpoints: Record<string, string> };
  expectEqual(doc.api_versions, ["forms.takoform.com/v1beta1"], "api_versions");
  for (const f of FEATURES) expectEqual(doc.features[f], true, `feature ${f}`);
  const api = new URL(doc.endpoints["api"] ?? fail("endpoints.api is absent"));
  const host = new URL(ctx.env.origin);
  expectEqual(api.origin, host.origin, "endpoints.api origin (same-origin with the host that answered)");
  expectEqual(api.pathname, API_PATH, "endpoints.api path");
  // artifacts, operations and support are optional, but when advertised each sits at its exact path.
  for (const [name, suffix] of [
    ["artifacts", "/artifacts"],
    ["operations", "/operations"],
    ["support", "/support"],
  ] as const) {
    const value = doc.endpoints[name];
    if (value !== undefined) expectEqual(new URL(value).pathname, API_PATH + suffix, `endpoints.${name} path`);
  }
  for (const [name, value] of Object.entries(doc.endpoints)) {
    const u = new URL(value);
    const rawPath = value.slice(value.indexOf("//") + 2).replace(/^[^/]*/, "");
    expectTrue(!rawPath.includes("%"), `endpoint ${name} path ${rawPath} carries percent-encoding`);
    expectTrue(u.username === "" && u.password === "", `endpoint ${name} carries userinfo`);
    expectTrue(u.search === "" && u.hash === "", `endpoint ${name} carries a query or fragment`);
    if (name === "oidc_issuer") continue;
    expectEqual(u.origin, api.origin, `endpoint ${name} origin`);
    if (u.protocol === "http:") {
      expectTrue(["127.0.0.1", "localhost", "[::1]"].includes(u.hostname), `endpoint ${name} is plain HTTP on a non-loopback origin`);
    }
  }
  // The refusing half: no other lane's discovery path selects this lane.
  for (const path of OTHER_LANES) {
    const other = await ctx.primary.send("off-table", { method: "GET", path });
    const versions = (other.body as { api_versions?: unknown } | undefined)?.api_versions;
    expectTrue(
      !(other.status === 200 && Array.isArray(versions) && versions.includes("forms.takoform.com/v1beta1")),
      `GET ${path} answered the v1beta1 lane (HTTP ${other.status}); a client of another lane could select it`,
    );
  }
  return `api_versions exact, ${FEATURES.length} features true, ${Object.keys(doc.endpoints).length} endpoints same-origin and unescaped; ${OTHER_LANES.length} other lane paths do not answer v1beta1`;
});
