// One generic mutant per rule the required checks hold (generic-mutants.ts gives the shapes).
// Each breaks exactly one behaviour in front of a real host; mutant-catalogue.ts says which
// required checks must catch which.

import {
  answerWith,
  API,
  bearer,
  codeOf,
  dropRequestHeader,
  foreignDisclosed,
  fresh,
  kindOf,
  readUrlOf,
  recode,
  recodeOperationError,
  resourceIn,
  RESOURCE_WRITE,
  rewriteAnswer,
  rewriteRequest,
  sharedReplay,
  type Doc,
  type GenericMutant,
} from "./generic-mutants.js";
import { errorAnswer, jsonOf, withJson, type Exchange } from "./mutant-proxy.js";

const PUT_RESOURCE = /\/resources\/[^/]+\/[^/]+\/[^/]+\/[^/]+$/;
const PREPARE = /\/resources\/prepare$/;
const VALIDATE = /\/resources\/validate$/;
const IMPORT = /\/import$/;
const OBSERVE = /\/observe$/;
const ARTIFACTS = /\/artifacts\//;
const ATTACHMENTS = ["WorkerEndpoint", "WorkerCustomDomain", "WorkerCronTrigger", "QueueConsumer"] as const;
const unfenced = (req: Exchange) =>
  req.headers["if-none-match"] === undefined &&
  req.headers["takoform-expected-generation"] === undefined &&
  !("expectedGeneration" in ((jsonOf(req.body) as object | undefined) ?? {}));
const idem = (req: Exchange) => req.headers["idempotency-key"];

/** A create of `kinds` refused invalid_argument answers unsupported_capability (on prepare, apply and import). */
const createRefusal = (name: string, kinds?: readonly string[]) =>
  recode(name, { method: ["POST", "PUT"], path: RESOURCE_WRITE, create: true, ...(kinds ? { kinds } : {}) }, "invalid_argument", "unsupported_capability");

export const RULE_MUTANTS = {
  discoveryWidened: rewriteAnswer(
    "discovery-widened",
    "the discovery document carries a member the contract does not define",
    { method: "GET", path: /^\/\.well-known\/takoform\/v1beta1$/ },
    (doc) => {
      doc["mutantExtension"] = true;
      return true;
    },
  ),
  formsEntryDuplicated: rewriteAnswer("forms-entry-duplicated", "an exact forms query answers its entry twice", { method: "GET", path: /\/forms$/ }, (doc) => {
    const list = Object.values(doc).find(Array.isArray) as unknown[] | undefined;
    if (!list || list.length !== 1) return false;
    list.push(structuredClone(list[0]));
    return true;
  }),
  formDefinitionEdited: rewriteAnswer(
    "form-definition-edited",
    "a served desiredSchema differs from the pinned bytes (a description added)",
    { method: "GET", path: /\/form-definitions\// },
    (doc) => {
      const schema = (doc["desiredSchema"] ?? (doc["definition"] as Doc | undefined)?.["desiredSchema"]) as Record<string, unknown> | undefined;
      if (!schema) return false;
      schema["description"] = `mutant ${String(schema["description"] ?? "")}`;
      return true;
    },
  ),
  validateRefusesEverything: answerWith(
    "validate-refuses-everything",
    "validate answers valid:false for every document",
    { method: "POST", path: VALIDATE },
    () => ({
      status: 200,
      headers: { "content-type": "application/json" },
      body: Buffer.from(JSON.stringify({ valid: false, diagnostics: [{ severity: "error", message: "mutant: refused", field: "/spec" }] })),
    }),
  ),
  validateAcceptsEverything: answerWith(
    "validate-accepts-everything",
    "validate answers valid:true for every document",
    { method: "POST", path: VALIDATE },
    () => ({
      status: 200,
      headers: { "content-type": "application/json" },
      body: Buffer.from(JSON.stringify({ valid: true, diagnostics: [] })),
    }),
  ),
  applyRefusalRecoded: recode("apply-refusal-recoded", { method: "PUT", path: PUT_RESOURCE }, "invalid_argument", "revision_conflict"),
  uidNotMinted: rewriteAnswer(
    "uid-not-minted",
    "every create answers one fixed uid instead of minting one",
    { method: "PUT", path: PUT_RESOURCE, create: true },
    (doc) => {
      const r = resourceIn(doc);
      if (!r?.metadata?.["uid"]) return false;
      r.metadata["uid"] = "mutant-fixed-uid";
      return true;
    },
  ),
  idempotencyKeyInvented: rewriteRequest(
    "idempotency-key-invented",
    "a mutation without Idempotency-Key is given one instead of refused",
    { method: ["PUT", "DELETE"], path: PUT_RESOURCE },
    (req) => (idem(req) === undefined ? { ...req, headers: { ...req.headers, "idempotency-key": `mutant-${fresh()}` } } : req),
  ),
  replayNeverRetires: sharedReplay(
    "replay-never-retires",
    "a replay record keeps answering after the incarnation it reports is gone",
    { method: ["PUT", "POST"], path: PUT_RESOURCE },
    (req) => (idem(req) === undefined ? undefined : `${bearer(req)} ${req.method} ${req.url} ${idem(req)} ${req.body.toString("base64")}`),
  ),
  createConflictRecoded: recode(
    "create-conflict-recoded",
    { method: ["PUT", "POST"], path: RESOURCE_WRITE, create: true },
    "generation_conflict",
    "invalid_argument",
  ),
  unfencedRefusalRecoded: {
    ...recode("unfenced-refusal-recoded", { method: ["PUT", "POST"], path: RESOURCE_WRITE }, "invalid_argument", "generation_conflict"),
    breaks: "an update or prepare of an existing resource without any fence is refused generation_conflict instead of invalid_argument",
    make: () => ({
      response: (req, res) =>
        req.method !== "GET" && RESOURCE_WRITE.test(req.url.split("?")[0]!) && !VALIDATE.test(req.url) && unfenced(req) && codeOf(res) === "invalid_argument"
          ? errorAnswer(412, "generation_conflict", "mutant")
          : res,
    }),
  } satisfies GenericMutant,
  observeFenceRecoded: recode("observe-fence-recoded", { method: "POST", path: OBSERVE }, "generation_conflict", "invalid_argument"),
  generationDoubleBumped: rewriteAnswer(
    "generation-double-bumped",
    "an update's answer reports the generation one higher than it is",
    { method: "PUT", path: PUT_RESOURCE, create: false },
    (doc) => {
      const r = resourceIn(doc);
      const g = r?.metadata?.["generation"];
      if (typeof g !== "string") return false;
      r!.metadata!["generation"] = String(Number(g) + 1);
      return true;
    },
  ),
  deleteIfMatchIgnored: dropRequestHeader("delete-if-match-ignored", "if-match", { method: "DELETE", path: PUT_RESOURCE }),
  ifMatchIgnored: dropRequestHeader("if-match-ignored", "if-match", {
    method: ["PUT", "POST"],
    path: /\/resources\/[^/]+\/[^/]+\/[^/]+\/[^/]+(?:\/observe)?$/,
  }),
  uidReusedOnRecreate: {
    name: "uid-reused-on-recreate",
    breaks: "a re-created name reports the uid of its first incarnation",
    make: () => {
      const first = new Map<string, string>();
      return {
        response: (req, res) => {
          const doc = jsonOf(res.body);
          const r = resourceIn(doc);
          const uid = r?.metadata?.["uid"];
          if (typeof uid !== "string" || res.status >= 300) return res;
          const key = `${bearer(req)} ${String(r!.kind)} ${String(r!.metadata!["space"])} ${String(r!.metadata!["name"])}`;
          if (!first.has(key)) first.set(key, uid);
          if (first.get(key) === uid) return res;
          r!.metadata!["uid"] = first.get(key);
          return withJson(res, doc);
        },
      };
    },
  } satisfies GenericMutant,
  packageDigestIsIdentity: rewriteRequest(
    "package-digest-is-identity",
    "a request naming a packageDigest is about another resource (form_unknown)",
    { method: ["PUT", "POST"], path: RESOURCE_WRITE },
    (req) => {
      const body = jsonOf(req.body) as { form?: { packageDigest?: string } } | undefined;
      return body?.form?.packageDigest !== undefined ? errorAnswer(404, "form_unknown", "mutant: no Form at that package digest") : req;
    },
  ),
  groupFolded: rewriteRequest("group-folded", "the other.forms group is folded onto the Edge group (the group is not part of the address)", {}, (req) => {
    if (!req.url.includes("other.forms.takoform.com")) return req;
    const url = req.url.replace("/other.forms.takoform.com/v1alpha1/", "/edge.forms.takoform.com/v1beta1/");
    const text = req.body.toString("utf8").replaceAll("other.forms.takoform.com/v1alpha1", "edge.forms.takoform.com/v1beta1");
    return { ...req, url, body: Buffer.from(text, "utf8") };
  }),
  updateRefusalRecoded: recode(
    "update-refusal-recoded",
    { method: ["PUT", "POST"], path: RESOURCE_WRITE, create: false },
    "invalid_argument",
    "generation_conflict",
  ),
  missingTargetRecoded: recode("missing-target-recoded", { method: ["PUT", "POST"], path: RESOURCE_WRITE }, "resource_not_found", "invalid_argument"),
  identicalApplyShortCircuited: rewriteRequest(
    "identical-apply-short-circuited",
    "a spec-identical apply is answered from the stored resource without running (no re-pin)",
    { method: "PUT", path: PUT_RESOURCE, create: false },
    async (req, tools) => {
      const url = readUrlOf(req);
      const body = jsonOf(req.body) as Doc | undefined;
      if (url === undefined || !body?.spec) return req;
      const current = await tools.forward({ method: "GET", url, headers: { authorization: req.headers["authorization"] ?? "" }, body: Buffer.alloc(0) });
      const stored = jsonOf(current.body) as Doc | undefined;
      return current.status === 200 && JSON.stringify(stored?.spec) === JSON.stringify(body.spec) ? current : req;
    },
  ),
  createRefusalRecoded: createRefusal("create-refusal-recoded"),
  versionRefusalRecoded: createRefusal("version-refusal-recoded", ["WorkerVersion"]),
  deploymentRefusalRecoded: createRefusal("deployment-refusal-recoded", ["WorkerDeployment"]),
  consumerRefusalRecoded: createRefusal("consumer-refusal-recoded", ["QueueConsumer"]),
  endpointRefusalRecoded: createRefusal("endpoint-refusal-recoded", ["WorkerEndpoint"]),
  domainRefusalRecoded: createRefusal("domain-refusal-recoded", ["WorkerCustomDomain"]),
  missingBlobRecoded: recode("missing-blob-recoded", { method: "POST", path: /\/artifacts\/uploads\/[^/]+\/commit$/ }, "artifact_missing", "artifact_invalid"),
  artifactRefusalRecoded: recode("artifact-refusal-recoded", { path: ARTIFACTS }, "artifact_invalid", "invalid_argument"),
  recommitRefused: {
    name: "recommit-refused",
    breaks: "committing an upload session a second time is refused instead of answering the same digest",
    make: () => {
      const committed = new Set<string>();
      return {
        request: (req) =>
          req.method === "POST" && /\/commit$/.test(req.url.split("?")[0]!) && committed.has(req.url)
            ? errorAnswer(409, "import_conflict", "mutant: already committed")
            : req,
        response: (req, res) => {
          if (req.method === "POST" && /\/commit$/.test(req.url.split("?")[0]!) && res.status < 300) committed.add(req.url);
          return res;
        },
      };
    },
  } satisfies GenericMutant,
  artifactRefMissingRecoded: recode("artifact-ref-missing-recoded", { method: ["PUT", "POST"], path: RESOURCE_WRITE }, "artifact_missing", "invalid_argument"),
  supportProfileCommercial: rewriteAnswer("support-profile-commercial", "support profiles carry a price", { method: "GET", path: /\/support\// }, (doc) => {
    const profiles = (doc["profiles"] as Record<string, unknown>[] | undefined) ?? [doc];
    for (const p of profiles) p["price"] = "0.01 USD";
    return true;
  }),
  idempotencyShared: sharedReplay(
    "idempotency-shared",
    "one replay table for every principal and tenant (key and bytes only)",
    { method: ["PUT", "POST", "DELETE"] },
    (req) => (idem(req) === undefined || !/\/resources\//.test(req.url) ? undefined : `${req.method} ${req.url} ${idem(req)} ${req.body.toString("base64")}`),
  ),
  staleReviewRefreshed: rewriteRequest(
    "stale-review-refreshed",
    "an apply carrying a stale review is re-prepared against the current state",
    { method: "PUT", path: PUT_RESOURCE, create: false },
    async (req, tools) => {
      const body = jsonOf(req.body) as (Doc & { review?: { prepareDigest?: string } }) | undefined;
      if (!body?.review) return req;
      const { review: _old, ...doc } = body;
      const headers: Record<string, string> = { authorization: req.headers["authorization"] ?? "", "content-type": "application/json" };
      for (const h of ["if-match", "takoform-expected-generation"]) if (req.headers[h] !== undefined) headers[h] = req.headers[h]!;
      const prep = await tools.forward({ method: "POST", url: `${API}/resources/prepare`, headers, body: Buffer.from(JSON.stringify(doc)) });
      const digest = (jsonOf(prep.body) as { review?: { prepareDigest?: string } } | undefined)?.review?.prepareDigest;
      return digest ? withJson(req, { ...body, review: { prepareDigest: digest } }) : req;
    },
  ),
  conditionReasonOpen: rewriteAnswer(
    "condition-reason-open",
    "the Ready condition uses a reason outside the closed vocabulary",
    { path: /\/resources\// },
    (doc) => {
      const ready = resourceIn(doc)?.status?.conditions?.find((c) => c["type"] === "Ready");
      if (!ready) return false;
      ready["reason"] = "MutantReason";
      return true;
    },
  ),
  spaceCaseFolded: rewriteRequest("space-case-folded", "the space id is case-folded instead of held to its grammar", { path: /\/resources/ }, (req) => {
    const folded = req.url.replace(/space=([^&]*)/, (_m, s: string) => `space=${s.toLowerCase()}`);
    const text = req.body.toString("utf8").replace(/"space":"([^"]*)"/, (_m, s: string) => `"space":"${s.toLowerCase()}"`);
    return folded === req.url && text === req.body.toString("utf8") ? req : { ...req, url: folded, body: Buffer.from(text, "utf8") };
  }),
  commitErrorRecoded: recodeOperationError("commit-error-recoded", ["dependency_in_use", "invalid_argument", "resource_not_found"], "generation_conflict"),
  importAtGenerationTwo: rewriteAnswer("import-at-generation-two", "an adoption reports generation 2", { method: "POST", path: IMPORT }, (doc) => {
    const r = resourceIn(doc);
    if (!r?.metadata) return false;
    r.metadata["generation"] = "2";
    return true;
  }),
  importRefusalRecoded: recode("import-refusal-recoded", { method: "POST", path: IMPORT }, "invalid_argument", "import_conflict"),
  nativeIdEchoed: rewriteAnswer("native-id-echoed", "an import echoes the nativeId it recorded", { method: "POST", path: IMPORT }, (doc, req) => {
    const r = resourceIn(doc);
    const nativeId = (jsonOf(req.body) as { nativeId?: string } | undefined)?.nativeId;
    if (!r?.status || !nativeId) return false;
    r.status["observed"] = { ...((r.status["observed"] as object | undefined) ?? {}), nativeId };
    return true;
  }),
  attachmentGateRecoded: recode(
    "attachment-gate-recoded",
    { method: ["PUT", "POST"], path: RESOURCE_WRITE, kinds: ATTACHMENTS },
    "unsupported_capability",
    "invalid_argument",
  ),
  deploymentGateRecoded: recode(
    "deployment-gate-recoded",
    { method: ["PUT", "POST"], path: RESOURCE_WRITE, kinds: ["WorkerDeployment"] },
    "unsupported_capability",
    "invalid_argument",
  ),
  deleteBlockRecoded: recode("delete-block-recoded", { method: "DELETE", path: PUT_RESOURCE }, "dependency_in_use", "deletion_protected"),
  deleteFencedOnFirstRevision: {
    name: "delete-fenced-on-first-revision",
    breaks: "a delete without If-Match is fenced on the revision the resource was created at",
    make: () => {
      const created = new Map<string, string>();
      return {
        request: (req) => {
          const path = req.url.split("?")[0]!;
          const etag = created.get(path);
          return req.method === "DELETE" && req.headers["if-match"] === undefined && etag !== undefined
            ? { ...req, headers: { ...req.headers, "if-match": etag } }
            : req;
        },
        response: (req, res) => {
          if (req.method === "PUT" && res.status === 201 && res.headers["etag"]) created.set(req.url.split("?")[0]!, res.headers["etag"]);
          return res;
        },
      };
    },
  } satisfies GenericMutant,
  abandonLosesBlobs: {
    name: "abandon-loses-blobs",
    breaks: "abandoning any upload session makes every blob and manifest unresolvable",
    make: () => {
      let abandoned = false;
      return {
        request: (req) => {
          const path = req.url.split("?")[0]!;
          if (req.method === "DELETE" && /\/artifacts\/uploads\/[^/]+$/.test(path)) abandoned = true;
          else if (abandoned && req.method === "HEAD" && /\/artifacts\/blobs\//.test(path)) return { status: 404, headers: {}, body: Buffer.alloc(0) };
          else if (abandoned && req.method === "GET" && /\/artifacts\/sha256:/.test(path)) return errorAnswer(404, "artifact_missing", "mutant: gone");
          return req;
        },
      };
    },
  } satisfies GenericMutant,
  foreignManifestDisclosed: {
    name: "foreign-manifest-disclosed",
    breaks: "naming another tenant's committed manifest answers permission_denied instead of artifact_missing",
    make: (env) => ({
      response: async (req, res, tools) => {
        if (codeOf(res) !== "artifact_missing" || !RESOURCE_WRITE.test(req.url.split("?")[0]!)) return res;
        const other = bearer(req) === env.tokens.stranger ? env.tokens.primary : env.tokens.stranger;
        for (const digest of req.body.toString("utf8").match(/sha256:[0-9a-f]{64}/g) ?? []) {
          const held = await tools.forward({
            method: "GET",
            url: `${API}/artifacts/${digest}`,
            headers: { authorization: `Bearer ${other}` },
            body: Buffer.alloc(0),
          });
          if (held.status === 200) return errorAnswer(403, "permission_denied", "mutant: another tenant's manifest");
        }
        return res;
      },
    }),
  } satisfies GenericMutant,
  migrationAlwaysReady: rewriteAnswer(
    "migration-always-ready",
    "a migration application reports Ready=True whatever its ledger",
    { path: /\/resources\// },
    (doc) => {
      const r = resourceIn(doc);
      if (!r?.kind?.startsWith("SQLite")) return false;
      const ready = r.status?.conditions?.find((c) => c["type"] === "Ready");
      if (!ready || ready["status"] === "True") return false;
      Object.assign(ready, { status: "True", reason: "Available", message: "available" });
      delete ready["hostReason"];
      return true;
    },
  ),
  interfaceDigestShifted: rewriteAnswer(
    "interface-digest-shifted",
    "interface support profiles advertise another schemaDigest",
    { method: "GET", path: /\/support\/interfaces\// },
    (doc) => {
      const ref = doc["interfaceRef"] as { schemaDigest?: string } | undefined;
      if (!ref?.schemaDigest) return false;
      ref.schemaDigest = `sha256:${"0".repeat(64)}`;
      return true;
    },
  ),
  hostnameSpellingsDistinct: rewriteRequest(
    "hostname-spellings-distinct",
    "custom-domain hostnames are compared as written (case and root dot make another name)",
    { method: ["PUT", "POST"], path: RESOURCE_WRITE, kinds: ["WorkerCustomDomain"] },
    (req) => {
      const body = jsonOf(req.body) as Doc | undefined;
      const h = body?.spec?.["hostname"];
      if (typeof h !== "string" || (h === h.toLowerCase() && !h.endsWith("."))) return req;
      body!.spec!["hostname"] = `m${fresh()}.${h.toLowerCase().replace(/\.$/, "")}`;
      return withJson(req, body);
    },
  ),
  mixedIdentityRecoded: recode("mixed-identity-recoded", { method: "GET", path: /\/resources\// }, "form_unknown", "resource_not_found"),
  endpointAddressInsecure: rewriteAnswer("endpoint-address-insecure", "the endpoint address is served over http://", { path: /\/resources\// }, (doc) => {
    const r = resourceIn(doc);
    const url = r?.status?.outputs?.["url"];
    if (r?.kind !== "WorkerEndpoint" || typeof url !== "string") return false;
    r.status!.outputs!["url"] = url.replace(/^https:/, "http:");
    return true;
  }),
  outputsInvented: rewriteAnswer("outputs-invented", "resources of Forms without an outputSchema report outputs", { path: /\/resources\// }, (doc) => {
    const r = resourceIn(doc);
    if (!r?.status || r.status.outputs !== undefined) return false;
    r.status.outputs = { mutant: true };
    return true;
  }),
  namesHostWide: {
    name: "names-host-wide",
    breaks: "a name one tenant holds is taken for every tenant (generation_conflict on another tenant's create)",
    make: (env) => ({
      request: async (req, tools) => {
        if (req.method !== "PUT" || req.headers["if-none-match"] !== "*" || bearer(req) !== env.tokens.stranger) return req;
        const url = readUrlOf(req);
        if (!url) return req;
        const held = await tools.forward({ method: "GET", url, headers: { authorization: `Bearer ${env.tokens.primary}` }, body: Buffer.alloc(0) });
        return held.status === 200 ? errorAnswer(412, "generation_conflict", "mutant: the name is taken") : req;
      },
    }),
  } satisfies GenericMutant,
  foreignObserveDisclosed: foreignDisclosed("foreign-observe-disclosed", { method: "POST", path: OBSERVE }),
  foreignUpdateDisclosed: foreignDisclosed("foreign-update-disclosed", {
    method: ["PUT", "POST"],
    path: /\/resources\/(?:prepare|[^/]+\/[^/]+\/[^/]+\/[^/]+)$/,
  }),
  foreignImportDisclosed: foreignDisclosed("foreign-import-disclosed", { method: "POST", path: IMPORT }),
  foreignDeleteDisclosed: foreignDisclosed("foreign-delete-disclosed", { method: "DELETE", path: PUT_RESOURCE }),
  foreignTargetDenied: recode(
    "foreign-target-denied",
    { method: ["PUT", "POST"], path: RESOURCE_WRITE, create: true },
    "resource_not_found",
    "permission_denied",
    "a create whose relation target is absent for the caller answers permission_denied (as if it looked across tenants)",
  ),
  strangerWritesFirstPlane: rewriteRequest(
    "stranger-writes-first-plane",
    "the second tenant's mutations land in the first tenant's plane",
    { method: ["PUT", "POST", "DELETE"], path: /\/resources\//, token: "stranger" },
    (req, _tools, env) => ({
      ...req,
      headers: { ...req.headers, authorization: `Bearer ${env.tokens.primary}` },
    }),
  ),
} as const satisfies Record<string, GenericMutant>;

export type RuleMutantName = keyof typeof RULE_MUTANTS;
export { kindOf };
