// Validates host documents against the published wire schemas, loaded at test time from the
// reference copy (../shared/reference/takoform/spec/schemas) AND from the project's own corpus
// copy (corpus/schemas). A document must satisfy both (only ours in a clone without the reference).

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { referenceRoot, repoRoot } from "./harness.js";
import { referencePresent } from "../../support/reference.js";

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

const DOCUMENTS = {
  errorEnvelope: ["host-api-wire-v1beta1.schema.json", "#/$defs/errorEnvelope"],
  resourceResponse: ["host-api-wire-v1beta1.schema.json", "#/$defs/resourceResponse"],
  resourceEnvelope: ["host-api-wire-v1beta1.schema.json", "#/$defs/resourceEnvelope"],
  validateResponse: ["host-api-wire-v1beta1.schema.json", "#/$defs/validateResponse"],
  prepareResponse: ["host-api-wire-v1beta1.schema.json", "#/$defs/prepareResponse"],
  formsResponse: ["host-api-wire-v1beta1.schema.json", "#/$defs/formsResponse"],
  formDefinitionResponse: ["host-api-wire-v1beta1.schema.json", "#/$defs/formDefinitionResponse"],
  supportProfilesResponse: ["host-api-wire-v1beta1.schema.json", "#/$defs/supportProfilesResponse"],
  operationEnvelope: ["host-api-wire-v1beta1.schema.json", "#/$defs/operationEnvelope"],
  artifactUploadStatus: ["host-api-wire-v1beta1.schema.json", "#/$defs/artifactUploadStatus"],
  artifactCommitResponse: ["host-api-wire-v1beta1.schema.json", "#/$defs/artifactCommitResponse"],
  discovery: ["host-discovery-v1beta1.schema.json", ""],
  supportProfile: ["host-support-profile-v1alpha1.schema.json", ""],
  operation: ["operation-v1alpha1.schema.json", ""],
  artifactManifest: ["artifact-manifest-v1alpha1.schema.json", ""],
} as const;

export type WireDocument = keyof typeof DOCUMENTS;

// The reference support-profile schema names the FormRef by a withdrawn $id; both copies serve
// the Beta FormRef under that id as well.
const WITHDRAWN_FORM_REF = "https://forms.takoform.com/schemas/v1alpha3/form-ref.schema.json";

function loadSet(dir: string): Map<WireDocument, ValidateFunction> {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const ids = new Map<string, string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".schema.json"))) {
    const schema = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    ajv.addSchema(schema);
    ids.set(file, schema.$id);
    if (file === "form-ref-v1beta1.schema.json") ajv.addSchema({ ...schema, $id: WITHDRAWN_FORM_REF });
  }
  const out = new Map<WireDocument, ValidateFunction>();
  for (const [name, [file, pointer]] of Object.entries(DOCUMENTS) as [WireDocument, readonly [string, string]][]) {
    const id = ids.get(file);
    if (id === undefined) throw new Error(`${dir}: no ${file}`);
    const validate = ajv.getSchema(id + pointer);
    if (validate === undefined) throw new Error(`${dir}: cannot resolve ${id}${pointer}`);
    out.set(name, validate);
  }
  return out;
}

let sets: { label: string; validators: Map<WireDocument, ValidateFunction> }[] | undefined;

function allSets() {
  // The reference set only where the reference copy is present (test/support/reference.ts).
  sets ??= [
    ...(referencePresent("spec/schemas") ? [{ label: "reference", validators: loadSet(path.join(referenceRoot, "spec/schemas")) }] : []),
    { label: "corpus", validators: loadSet(path.join(repoRoot, "corpus/schemas")) },
  ];
  return sets;
}

/** Problems of `value` as a `kind` document, against every loaded schema set (empty when valid). */
export function wireProblems(kind: WireDocument, value: unknown): string[] {
  const problems: string[] = [];
  for (const set of allSets()) {
    const validate = set.validators.get(kind)!;
    if (!validate(value)) {
      problems.push(...(validate.errors ?? []).map((e) => `${set.label} ${kind}: ${e.instancePath} ${e.message}`));
    }
  }
  return problems;
}
