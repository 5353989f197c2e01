// Our wire schemas are written independently of the reference's, but must accept what it accepts
// for the documents a host and a client exchange: every sample below validates under BOTH, and
// each invalid sample is refused by both. The reference schemas are read at run time.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { corpusAjv, OUR_SCHEMA_BASE as OURS, referenceAjv, REFERENCE_BASE as REF, validator } from "./ajv.js";
import { corpusBindings, corpusDir, corpusForms, corpusInterfaces, readJson } from "./corpus-files.js";
import { describeWithReference } from "../../support/reference.js";

describeWithReference("our wire schemas against the reference's", () => {
  const ours = corpusAjv();
  const theirs = referenceAjv();

  // [our $id (relative), reference $id (relative)] per document family.
  const WIRE: [string, string] = ["host-api-wire-v1beta1.schema.json", "v1beta1/host-api-wire.schema.json"];
  const DISCOVERY: [string, string] = ["host-discovery-v1beta1.schema.json", "v1beta1/host-discovery.schema.json"];
  const OPERATION: [string, string] = ["operation-v1alpha1.schema.json", "operations/v1alpha1/operation.schema.json"];
  const SUPPORT: [string, string] = ["host-support-profile-v1alpha1.schema.json", "support/v1alpha1/host-support-profile.schema.json"];
  const MANIFEST: [string, string] = ["artifact-manifest-v1alpha1.schema.json", "artifacts/v1alpha1/artifact-manifest.schema.json"];
  const FORM_DEFINITION: [string, string] = ["form-definition-v1beta1.schema.json", "v1beta1/form-definition.schema.json"];
  const FORM_REF: [string, string] = ["form-ref-v1beta1.schema.json", "v1beta1/form-ref.schema.json"];
  const PACKAGE_INDEX: [string, string] = ["package-index-v1alpha4.schema.json", "v1alpha4/package-index.schema.json"];
  const INTERFACE: [string, string] = ["interface-definition-v1alpha1.schema.json", "interfaces/v1alpha1/interface-definition.schema.json"];
  const BINDING: [string, string] = ["binding-definition-v1alpha1.schema.json", "bindings/v1alpha1/binding-definition.schema.json"];
  const def = ([o, r]: [string, string], name: string): [string, string] => [`${o}#/$defs/${name}`, `${r}#/$defs/${name}`];

  const both = ([o, r]: [string, string], doc: unknown) => {
    const mine = validator(ours, OURS + o);
    const ref = validator(theirs, REF + r);
    return { ours: mine(doc), theirs: ref(doc), errors: JSON.stringify({ ours: mine.errors, theirs: ref.errors }) };
  };

  const formRef = {
    apiVersion: "edge.forms.takoform.com/v1beta1",
    kind: "WorkerEndpoint",
    definitionVersion: "0.1.0",
    schemaDigest: `sha256:${"ab".repeat(32)}`,
  };
  const digest = (c: string) => `sha256:${c.repeat(64)}`;
  const metadata = { name: "shop-endpoint", space: "team a", uid: "res_01HZX", generation: "3", revision: "17" };
  const worker = { apiVersion: "edge.forms.takoform.com/v1beta1", kind: "ModuleWorker", name: "shop-front" };
  const resource = {
    apiVersion: "edge.forms.takoform.com/v1beta1",
    kind: "WorkerEndpoint",
    form: { formRef, packageDigest: digest("c") },
    metadata,
    spec: { worker },
    status: {
      observedGeneration: "3",
      conditions: [
        {
          type: "Ready",
          status: "False",
          reason: "ExternalChange",
          hostReason: "relation /worker: uid res_a -> res_b",
          message: "target re-created",
          lastTransitionTime: "2026-08-09T10:11:12Z",
        },
        { type: "Drifted", status: "True", reason: "ExternalChange", lastTransitionTime: "2026-08-09T10:11:12.5+02:00" },
      ],
      outputs: { hostname: "shop-7f3k.edge.example.test", url: "https://shop-7f3k.edge.example.test/" },
    },
  };
  const request = {
    apiVersion: resource.apiVersion,
    kind: resource.kind,
    form: { formRef },
    metadata: { name: "shop-endpoint", space: "team a" },
    spec: { worker },
  };
  const manifests = readJson<{ artifactManifests: { path: string }[] }>(path.join(corpusDir, "index.json")).artifactManifests.map(
    (m) => [m.path, readJson(path.join(corpusDir, m.path))] as const,
  );

  const VALID: [string, [string, string], unknown][] = [
    [
      "discovery",
      DISCOVERY,
      {
        api_versions: ["forms.takoform.com/v1beta1"],
        features: {
          service_forms: true,
          exact_form_ref: true,
          optimistic_concurrency: true,
          idempotent_lifecycle: true,
          operations: true,
          artifact_upload: true,
          support_profiles: true,
          tenant_isolation: true,
        },
        endpoints: {
          api: "https://host.example.test/apis/forms.takoform.com/v1beta1",
          artifacts: "https://host.example.test/apis/forms.takoform.com/v1beta1/artifacts",
          operations: "https://host.example.test/apis/forms.takoform.com/v1beta1/operations",
          support: "https://host.example.test/apis/forms.takoform.com/v1beta1/support",
        },
      },
    ],
    [
      "loopback discovery",
      DISCOVERY,
      {
        api_versions: ["forms.takoform.com/v1beta1"],
        features: {
          service_forms: true,
          exact_form_ref: true,
          optimistic_concurrency: true,
          idempotent_lifecycle: true,
          operations: true,
          artifact_upload: true,
          support_profiles: true,
        },
        endpoints: { api: "http://127.0.0.1:8787/apis/forms.takoform.com/v1beta1" },
      },
    ],
    ["resource representation (root)", WIRE, resource],
    ["resource without outputs", def(WIRE, "resourceResponse"), { ...resource, status: { observedGeneration: "1", conditions: [] } }],
    ["resource envelope", def(WIRE, "resourceEnvelope"), { resource }],
    ["resource request", def(WIRE, "resourceRequest"), request],
    [
      "apply request",
      def(WIRE, "applyRequest"),
      { ...request, review: { prepareDigest: digest("d") }, expectedUid: "res_01HZX", expectedGeneration: "9223372036854775807" },
    ],
    ["import request", def(WIRE, "importRequest"), { ...request, nativeId: "backend-object-42" }],
    ["prepare response", def(WIRE, "prepareResponse"), { resource: request, review: { prepareDigest: digest("d"), specDigest: digest("e") } }],
    [
      "validate response",
      def(WIRE, "validateResponse"),
      { valid: false, diagnostics: [{ severity: "error", field: "/spec/worker/name", message: "does not match the resource-name grammar" }] },
    ],
    [
      "mutation accepted (202)",
      def(WIRE, "mutationAccepted"),
      { operation: { apiVersion: "operations.takoform.com/v1alpha1", kind: "Operation", id: "op_7", done: false, target: { uid: "res_01HZX" } } },
    ],
    ["mutation accepted (terminal)", def(WIRE, "mutationAccepted"), resource],
    [
      "forms response",
      def(WIRE, "formsResponse"),
      {
        forms: [
          {
            identity: { formRef },
            definitionKnown: true,
            installed: true,
            executable: true,
            activated: true,
            availableToPrincipal: true,
            operations: ["create", "read", "delete", "import", "observe"],
          },
        ],
      },
    ],
    [
      "form definition response",
      def(WIRE, "formDefinitionResponse"),
      { identity: { formRef }, displayName: "Worker Endpoint", description: "reachability", desiredSchema: { type: "object" } },
    ],
    ["artifact upload status", def(WIRE, "artifactUploadStatus"), { uploadId: "up_1", missingBlobs: [digest("1"), digest("2")] }],
    ["artifact commit response", def(WIRE, "artifactCommitResponse"), { manifestDigest: digest("3") }],
    [
      "support profiles",
      def(WIRE, "supportProfilesResponse"),
      {
        profiles: [
          {
            apiVersion: "support.takoform.com/v1alpha1",
            kind: "FormSupport",
            formRef,
            operations: ["create", "read"],
            supportedEnums: { handlers: ["fetch", "scheduled", "queue"] },
            supportedRanges: { maxRetries: { minimum: 0, maximum: 100 } },
            supportedBindings: ["module-worker.edge-kv@1.0.0"],
            limits: { maximumBundleBytes: 10485760, maximumBundleFiles: 4096 },
          },
          {
            apiVersion: "support.takoform.com/v1alpha1",
            kind: "InterfaceSupport",
            interfaceRef: { apiVersion: "interfaces.takoform.com/v1alpha1", name: "worker.runtime", version: "1.0.0", schemaDigest: digest("4") },
          },
          {
            apiVersion: "support.takoform.com/v1alpha1",
            kind: "BindingSupport",
            bindingRef: { apiVersion: "bindings.takoform.com/v1alpha1", name: "module-worker.service", version: "1.0.0", schemaDigest: digest("5") },
          },
        ],
      },
    ],
    [
      "error envelope (retryable)",
      def(WIRE, "errorEnvelope"),
      { error: { code: "backend_unavailable", message: "try later", requestId: "req-1", retryable: true } },
    ],
    [
      "error envelope (details)",
      def(WIRE, "errorEnvelope"),
      {
        error: {
          code: "invalid_argument",
          message: "/spec/worker: target does not provide worker.runtime@1.0.0",
          requestId: "req-2",
          retryable: false,
          hostCode: "relation.interface",
          details: { pointer: "/worker" },
        },
      },
    ],
    [
      "operation (succeeded)",
      OPERATION,
      {
        apiVersion: "operations.takoform.com/v1alpha1",
        kind: "Operation",
        id: "op_7",
        done: true,
        metadata: { phase: "Committed", progress: 100 },
        result: { resource },
      },
    ],
    [
      "operation (failed)",
      OPERATION,
      {
        apiVersion: "operations.takoform.com/v1alpha1",
        kind: "Operation",
        id: "op_8",
        done: true,
        error: { code: "uid_mismatch", message: "name now holds another incarnation", retryable: false },
      },
    ],
    ["form ref", FORM_REF, formRef],
    ...manifests.map(([p, doc]) => [`manifest ${p}`, MANIFEST, doc] as [string, [string, string], unknown]),
    ...manifests.map(([p, doc]) => [`upload request for ${p}`, def(WIRE, "artifactUploadRequest"), { manifest: doc }] as [string, [string, string], unknown]),
    ...corpusForms().map((f) => [`definition ${f.dir}`, FORM_DEFINITION, f.definition] as [string, [string, string], unknown]),
    ...corpusForms().map(
      (f) => [`package index ${f.dir}`, PACKAGE_INDEX, readJson(path.join(corpusDir, f.dir, "package-index.json"))] as [string, [string, string], unknown],
    ),
    ...corpusInterfaces().map((i) => [`interface ${i.path}`, INTERFACE, i.definition] as [string, [string, string], unknown]),
    ...corpusBindings().map((b) => [`binding ${b.path}`, BINDING, b.definition] as [string, [string, string], unknown]),
  ];

  const INVALID: [string, [string, string], unknown][] = [
    [
      "discovery missing a required feature",
      DISCOVERY,
      {
        api_versions: ["forms.takoform.com/v1beta1"],
        features: { service_forms: true },
        endpoints: { api: "https://h.example.test/apis/forms.takoform.com/v1beta1" },
      },
    ],
    [
      "discovery endpoint with userinfo",
      DISCOVERY,
      {
        api_versions: ["forms.takoform.com/v1beta1"],
        features: {
          service_forms: true,
          exact_form_ref: true,
          optimistic_concurrency: true,
          idempotent_lifecycle: true,
          operations: true,
          artifact_upload: true,
          support_profiles: true,
        },
        endpoints: { api: "https://u:p@h.example.test/apis/forms.takoform.com/v1beta1" },
      },
    ],
    ["non-retryable code marked retryable", def(WIRE, "errorEnvelope"), { error: { code: "invalid_argument", message: "x", requestId: "r", retryable: true } }],
    ["unknown error code", def(WIRE, "errorEnvelope"), { error: { code: "resource_version_conflict", message: "x", requestId: "r", retryable: false } }],
    [
      "condition with an open reason",
      WIRE,
      {
        ...resource,
        status: {
          observedGeneration: "1",
          conditions: [{ type: "Ready", status: "False", reason: "TargetMoved", lastTransitionTime: "2026-08-09T10:11:12Z" }],
        },
      },
    ],
    [
      "condition with an open type",
      WIRE,
      {
        ...resource,
        status: { observedGeneration: "1", conditions: [{ type: "Healthy", status: "True", reason: "Available", lastTransitionTime: "2026-08-09T10:11:12Z" }] },
      },
    ],
    ["generation with a leading zero", WIRE, { ...resource, metadata: { ...metadata, generation: "03" } }],
    ["generation above int64", WIRE, { ...resource, metadata: { ...metadata, generation: "9223372036854775808" } }],
    ["space with a slash", WIRE, { ...resource, metadata: { ...metadata, space: "team/a" } }],
    ["space with trailing whitespace", WIRE, { ...resource, metadata: { ...metadata, space: "team a " } }],
    ["unknown top-level member", WIRE, { ...resource, extra: true }],
    ["response without uid", WIRE, { ...resource, metadata: { name: "x", space: "s", generation: "1", revision: "1" } }],
    [
      "operation with result and error",
      OPERATION,
      {
        apiVersion: "operations.takoform.com/v1alpha1",
        kind: "Operation",
        id: "op_1",
        done: true,
        result: {},
        error: { code: "internal_error", message: "x", retryable: false },
      },
    ],
    ["pending operation with a result", OPERATION, { apiVersion: "operations.takoform.com/v1alpha1", kind: "Operation", id: "op_1", done: false, result: {} }],
    ["support profile naming a price", SUPPORT, { apiVersion: "support.takoform.com/v1alpha1", kind: "FormSupport", formRef, operations: ["read"], price: 3 }],
    ["form support without formRef", SUPPORT, { apiVersion: "support.takoform.com/v1alpha1", kind: "FormSupport", operations: ["read"] }],
    [
      "manifest with a dot-dot path",
      MANIFEST,
      {
        apiVersion: "artifacts.takoform.com/v1alpha1",
        kind: "StaticAssetBundle",
        files: [{ path: "../etc/passwd", mediaType: "text/plain", size: 1, digest: digest("a") }],
      },
    ],
    [
      "manifest with application/json module",
      MANIFEST,
      {
        apiVersion: "artifacts.takoform.com/v1alpha1",
        kind: "WorkerBundle",
        mainModule: "a.json",
        modules: [{ name: "a.json", mediaType: "application/json", size: 1, digest: digest("a") }],
      },
    ],
    [
      "revision Form declaring update",
      FORM_DEFINITION,
      {
        apiVersion: "edge.forms.takoform.com/v1beta1",
        kind: "X",
        definitionVersion: "0.1.0",
        title: "X",
        role: "revision",
        desiredSchema: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object" },
        lifecycleCapabilities: ["create", "update"],
      },
    ],
    ["retired v1alpha2 group", FORM_REF, { ...formRef, apiVersion: "forms.takoform.com/v1alpha2" }],
  ];

  describe("documents valid under the reference wire schemas are valid under ours", () => {
    it.each(VALID)("%s", (_, ids, doc) => {
      const result = both(ids, doc);
      expect(result.theirs, `reference rejects the sample itself: ${result.errors}`).toBe(true);
      expect(result.ours, result.errors).toBe(true);
    });
  });

  describe("documents both refuse", () => {
    it.each(INVALID)("%s", (_, ids, doc) => {
      const result = both(ids, doc);
      expect(result.theirs, "the reference must refuse the sample").toBe(false);
      expect(result.ours).toBe(false);
    });
  });

  describe("where ours states a normative rule the reference leaves to the host", () => {
    const workerBundleWithFiles = {
      apiVersion: "artifacts.takoform.com/v1alpha1",
      kind: "WorkerBundle",
      mainModule: "i.js",
      modules: [{ name: "i.js", mediaType: "application/javascript+module", size: 1, digest: digest("a") }],
      files: [{ path: "x.txt", mediaType: "text/plain", size: 1, digest: digest("b") }],
    };
    const migrationWithText = {
      apiVersion: "artifacts.takoform.com/v1alpha1",
      kind: "MigrationBundle",
      files: [{ path: "0001.txt", mediaType: "text/plain", size: 1, digest: digest("a") }],
    };
    it.each([
      ["a WorkerBundle manifest that also carries files (per-kind exclusivity)", workerBundleWithFiles],
      ["a MigrationBundle file that is not application/sql", migrationWithText],
    ])("ours refuses %s, which a host refuses with artifact_invalid anyway", (_, doc) => {
      const result = both(MANIFEST, doc);
      expect(result.theirs).toBe(true);
      expect(result.ours).toBe(false);
    });
  });
});
