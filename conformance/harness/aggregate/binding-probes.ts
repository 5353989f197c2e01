// Binding-probe Form Packages: small Forms whose only member is a binding list governed by the
// pinned module-worker.edge-kv Binding contract, each breaking exactly one step of binding
// verification (decision 0015 rule 8) the way an installed Form can and a well-formed spec of the
// Edge family cannot. They ship in the runner's probe corpus (conformance/probe-corpus, see
// ../probe-corpus.ts), which a host under test installs (ours: --conformance-probes); the own
// check binding-verification-steps-and-codes drives them (docs/decisions/0083, 0211). Written
// from the pinned corpus so the contract digests are the pinned ones.

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  canonicalDigest,
  canonicalJson,
  deriveLifecycleCapabilities,
  fileDigest,
  type BindingRef,
  type Catalog,
  type ErrorCode,
  type InterfaceRef,
  EDGE_GROUP,
} from "../../../corpus/lib/index.js";

export const BINDING_PROBE_GROUP = "probes.conformance.takoform.com/v1beta1";
const EDGE = EDGE_GROUP;
const BINDING = "module-worker.edge-kv";

export interface BindingProbe {
  kind: string;
  /** The verification step the Form breaks (null: it breaks none). */
  step: 1 | 2 | 3 | 4 | null;
  /** The refusal the step answers (null: accepted). */
  code: ErrorCode | null;
  /** What is wrong with the Form, for messages. */
  breaks: string;
}

export const BINDING_PROBES: readonly BindingProbe[] = [
  {
    kind: "BindingProbeCoherent",
    step: null,
    code: null,
    breaks: "nothing: a revision Form accepting the contract it annotates, bound to the contract's own target",
  },
  { kind: "BindingProbeUnaccepted", step: 1, code: "invalid_argument", breaks: "its acceptedBindings does not carry the Binding contract its list annotates" },
  {
    kind: "BindingProbeUninstalled",
    step: 2,
    code: "unsupported_capability",
    breaks: "it accepts the Binding contract at a schemaDigest no host has installed",
  },
  { kind: "BindingProbeWrongRole", step: 3, code: "invalid_argument", breaks: "its role (identity) is not the Binding contract's sourceRole" },
  { kind: "BindingProbeWrongTarget", step: 4, code: "invalid_argument", breaks: "its list references a Form the Binding contract does not allow as a target" },
];

/** The Form a probe's references name: the contract's own allowed target, or another Edge Form. */
export function probeTargetKind(probe: BindingProbe): string {
  return probe.step === 4 ? "ObjectBucket" : "EdgeKVNamespace";
}

function definitionOf(probe: BindingProbe, binding: BindingRef, targetInterface: InterfaceRef): Record<string, unknown> {
  const accepted = probe.step === 1 ? [] : [probe.step === 2 ? { ...binding, schemaDigest: `sha256:${"0".repeat(64)}` } : binding];
  const desiredSchema = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    additionalProperties: false,
    required: ["kvBindings"],
    properties: {
      kvBindings: {
        type: "array",
        minItems: 1,
        maxItems: 8,
        "x-takoform-binding": BINDING,
        items: {
          type: "object",
          additionalProperties: false,
          required: ["name", "resource"],
          properties: {
            name: { type: "string", maxLength: 64, pattern: "^[A-Za-z_$][A-Za-z0-9_$]*$" },
            resource: {
              type: "object",
              additionalProperties: false,
              required: ["apiVersion", "kind", "name"],
              properties: {
                apiVersion: { type: "string", const: EDGE },
                kind: { type: "string", const: probeTargetKind(probe) },
                name: { type: "string", minLength: 1, maxLength: 63, pattern: "^[a-z][a-z0-9-]{0,62}$" },
              },
              "x-takoform-required-interface": targetInterface,
            },
          },
        },
      },
    },
  };
  const role = probe.step === 3 ? "identity" : "revision";
  const definition: Record<string, unknown> = {
    apiVersion: BINDING_PROBE_GROUP,
    kind: probe.kind,
    definitionVersion: "0.1.0",
    title: `Binding probe ${probe.kind}`,
    description: `A conformance probe of binding verification: ${probe.breaks}.`,
    role,
    desiredSchema,
    lifecycleCapabilities: [] as string[],
    acceptedBindings: accepted,
    conformanceFixtures: [{ name: "canonical", desiredPath: "fixtures/canonical.json" }],
  };
  definition["lifecycleCapabilities"] = deriveLifecycleCapabilities(definition as never);
  return definition;
}

/** Writes one Form Package per probe below `dir` (DIR/<kind>/0.1.0/); returns the package directories. */
export function writeBindingProbePackages(dir: string, catalog: Catalog): string[] {
  const contract = catalog.bindings().find((b) => b.ref.name === BINDING);
  const targetInterface = (contract?.definition as { targetInterface?: InterfaceRef } | undefined)?.targetInterface;
  if (!contract || !targetInterface) throw new Error(`the pinned corpus holds no Binding ${BINDING} with a targetInterface`);
  const out: string[] = [];
  for (const probe of BINDING_PROBES) {
    const definition = definitionOf(probe, contract.ref, targetInterface);
    const bytes = Buffer.from(JSON.stringify(definition, null, 2) + "\n", "utf8");
    const fixture = Buffer.from(
      JSON.stringify({ kvBindings: [{ name: "CACHE", resource: { apiVersion: EDGE, kind: probeTargetKind(probe), name: "cache" } }] }, null, 2) + "\n",
      "utf8",
    );
    const pkg = path.join(dir, probe.kind.toLowerCase(), "0.1.0");
    mkdirSync(path.join(pkg, "fixtures"), { recursive: true });
    writeFileSync(path.join(pkg, "definition.json"), bytes);
    writeFileSync(path.join(pkg, "fixtures", "canonical.json"), fixture);
    const index = {
      apiVersion: "packages.forms.takoform.com/v1alpha4",
      kind: "FormPackage",
      definitionPath: "definition.json",
      formRef: { apiVersion: BINDING_PROBE_GROUP, kind: probe.kind, definitionVersion: "0.1.0", schemaDigest: canonicalDigest(definition) },
      files: [
        { path: "definition.json", mediaType: "application/vnd.takoform.form-definition.v1+json", size: bytes.length, digest: fileDigest(bytes) },
        { path: "fixtures/canonical.json", mediaType: "application/json", size: fixture.length, digest: fileDigest(fixture) },
      ],
    };
    writeFileSync(path.join(pkg, "package-index.json"), canonicalJson(index) + "\n");
    out.push(pkg);
  }
  return out;
}
