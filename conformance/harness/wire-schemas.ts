// Validates every document a host returns against one or more sets of wire schemas.
//
// A set is a directory of *.schema.json files identified by their $id, the way the published
// schemas are. The runner loads the project's own corpus schemas and, when they are present,
// the reference copies; a document must satisfy every loaded set. A set missing a schema the
// runner needs is a setup error, never a silent skip.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

// The support-profile schema of the reference copy still names the withdrawn pre-Beta FormRef
// identity; the runner resolves it to the Beta FormRef
// (docs/decisions/0030-conformance-runner-wire-validation.md).
const FORM_REF_FILE = "form-ref-v1beta1.schema.json";
const WITHDRAWN_FORM_REF = "https://forms.takoform.com/schemas/v1alpha3/form-ref.schema.json";

/** Each document the runner validates: the schema file that holds it and the pointer inside. */
export const WIRE_DOCUMENTS = {
  errorEnvelope: ["host-api-wire-v1beta1.schema.json", "/$defs/errorEnvelope"],
  resourceResponse: ["host-api-wire-v1beta1.schema.json", "/$defs/resourceResponse"],
  resourceEnvelope: ["host-api-wire-v1beta1.schema.json", "/$defs/resourceEnvelope"],
  resourceRequest: ["host-api-wire-v1beta1.schema.json", "/$defs/resourceRequest"],
  validateResponse: ["host-api-wire-v1beta1.schema.json", "/$defs/validateResponse"],
  prepareResponse: ["host-api-wire-v1beta1.schema.json", "/$defs/prepareResponse"],
  operationEnvelope: ["host-api-wire-v1beta1.schema.json", "/$defs/operationEnvelope"],
  formsResponse: ["host-api-wire-v1beta1.schema.json", "/$defs/formsResponse"],
  formDefinitionResponse: ["host-api-wire-v1beta1.schema.json", "/$defs/formDefinitionResponse"],
  supportProfilesResponse: ["host-api-wire-v1beta1.schema.json", "/$defs/supportProfilesResponse"],
  artifactUploadStatus: ["host-api-wire-v1beta1.schema.json", "/$defs/artifactUploadStatus"],
  artifactCommitResponse: ["host-api-wire-v1beta1.schema.json", "/$defs/artifactCommitResponse"],
  discovery: ["host-discovery-v1beta1.schema.json", ""],
  supportProfile: ["host-support-profile-v1alpha1.schema.json", ""],
  operation: ["operation-v1alpha1.schema.json", ""],
  artifactManifest: ["artifact-manifest-v1alpha1.schema.json", ""],
} as const satisfies Record<string, readonly [string, string]>;

export type WireDocument = keyof typeof WIRE_DOCUMENTS;

class SchemaSet {
  private readonly validators = new Map<WireDocument, ValidateFunction>();

  constructor(
    readonly label: string,
    readonly dir: string,
  ) {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    const idOfFile = new Map<string, string>();
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith(".schema.json"))
      .sort()) {
      const schema = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { $id?: unknown };
      if (typeof schema.$id !== "string") continue;
      ajv.addSchema(schema as object);
      idOfFile.set(file, schema.$id);
    }
    const formRef = idOfFile.get(FORM_REF_FILE);
    if (formRef !== undefined && ![...idOfFile.values()].includes(WITHDRAWN_FORM_REF)) {
      ajv.addSchema({ $id: WITHDRAWN_FORM_REF, $ref: formRef });
    }
    for (const [doc, [file, pointer]] of Object.entries(WIRE_DOCUMENTS) as [WireDocument, readonly [string, string]][]) {
      const id = idOfFile.get(file);
      const fn = id === undefined ? undefined : ajv.getSchema(pointer ? `${id}#${pointer}` : id);
      if (!fn) throw new Error(`schema set ${label} (${dir}) has no schema for ${file}#${pointer}`);
      this.validators.set(doc, fn);
    }
  }

  problems(doc: WireDocument, value: unknown): string[] {
    const fn = this.validators.get(doc)!;
    if (fn(value)) return [];
    return (fn.errors ?? [])
      .slice(0, 6)
      .map(
        (e) =>
          `${e.instancePath || "/"} ${e.message ?? "invalid"}${e.params && "additionalProperty" in e.params ? ` (${String(e.params.additionalProperty)})` : ""}`,
      );
  }
}

export class WireValidator {
  private readonly sets: SchemaSet[];

  constructor(sources: { label: string; dir: string }[]) {
    this.sets = sources.map((s) => new SchemaSet(s.label, s.dir));
  }

  get labels(): string[] {
    return this.sets.map((s) => `${s.label} (${s.dir})`);
  }

  /** Every violation of `doc` in any loaded set, each prefixed by the set's label. */
  problems(doc: WireDocument, value: unknown): string[] {
    const out: string[] = [];
    for (const set of this.sets) {
      for (const p of set.problems(doc, value)) out.push(`${set.label} ${doc}: ${p}`);
    }
    return out;
  }
}
