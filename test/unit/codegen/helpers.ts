// Shared inputs of the codegen tests: the project corpus, the reference candidates (read at run
// time only), synthetic Form definitions built with corpus/lib, and attribute walks.

import path from "node:path";
import { fileURLToPath } from "node:url";
import { referencePath } from "../../support/reference.js";
import { canonicalDigest, declaredDefaults, deriveLifecycleCapabilities, deriveRelations, type FormDefinition } from "../../../corpus/lib/index.js";
import type { LoadedForm } from "../../../codegen/parse/load.js";
import { loadForms } from "../../../codegen/parse/load.js";
import { buildProviderModel } from "../../../codegen/parse/provider.js";
import type { AttributeModel, ProviderModel, ResourceModel } from "../../../codegen/model/types.js";

export const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const corpusFormsDir = path.join(repoDir, "corpus", "forms");
export const generatedDir = path.join(repoDir, "generated");
export const referenceFormsDir = referencePath("forms/candidates/edge/v1beta1");

const cache = new Map<string, { forms: LoadedForm[]; model: ProviderModel }>();

/** The loaded forms and provider model of a corpus directory (cached per test file). */
export function corpus(dir: string = corpusFormsDir): { forms: LoadedForm[]; model: ProviderModel } {
  let hit = cache.get(dir);
  if (hit === undefined) {
    const forms = loadForms(dir);
    hit = { forms, model: buildProviderModel(forms, "0.0.0-test") };
    cache.set(dir, hit);
  }
  return hit;
}

export function resource(model: ProviderModel, kind: string): ResourceModel {
  const r = model.resources.find((x) => x.kind === kind);
  if (r === undefined) throw new Error(`no resource for ${kind}`);
  return r;
}

/** Every attribute with its dotted Terraform path and its wire JSON pointer pattern. */
export function walk(attributes: AttributeModel[], parentPath = "", parentPointer = ""): { a: AttributeModel; path: string; pointer: string }[] {
  const out: { a: AttributeModel; path: string; pointer: string }[] = [];
  for (const a of attributes) {
    const p = parentPath === "" ? a.name : `${parentPath}.${a.name}`;
    const pointer = `${parentPointer}/${a.wireName}`;
    out.push({ a, path: p, pointer });
    if (a.nested !== undefined) {
      const inner = a.nested.nesting === "single" ? pointer : `${pointer}/*`;
      out.push(...walk(a.nested.attributes, p, inner));
    }
  }
  return out;
}

type DefinitionInput = Partial<FormDefinition> & { kind: string; desiredSchema: Record<string, unknown> };

/** A Form definition that never touched disk, installed the way corpus/lib installs one. */
export function syntheticForm(input: DefinitionInput): LoadedForm {
  const definition = {
    apiVersion: "example.forms.takoform.com/v1beta1",
    definitionVersion: "0.1.0",
    title: input.kind,
    role: "identity",
    lifecycleCapabilities: [],
    ...input,
    desiredSchema: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", additionalProperties: false, ...input.desiredSchema },
  } as FormDefinition;
  if (input.lifecycleCapabilities === undefined) definition.lifecycleCapabilities = deriveLifecycleCapabilities(definition);
  return {
    ref: {
      apiVersion: definition.apiVersion,
      kind: definition.kind,
      definitionVersion: definition.definitionVersion,
      schemaDigest: canonicalDigest(definition),
    },
    definition,
    packageDigest: "sha256:" + "0".repeat(64),
    dir: "/nonexistent",
    relations: deriveRelations(definition.desiredSchema),
    defaults: declaredDefaults(definition.desiredSchema),
    capabilities: [...definition.lifecycleCapabilities],
  };
}

/** A reference node as the Forms write it. */
export function referenceNode(kind: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: "object",
    additionalProperties: false,
    required: ["apiVersion", "kind", "name"],
    properties: {
      apiVersion: { type: "string", const: "example.forms.takoform.com/v1beta1" },
      kind: { type: "string", const: kind },
      name: { type: "string", minLength: 1, maxLength: 63, pattern: "^[a-z][a-z0-9-]{0,62}$" },
    },
    "x-takoform-required-interface": {
      apiVersion: "interfaces.takoform.com/v1alpha1",
      name: "example.iface",
      version: "1.0.0",
      schemaDigest: "sha256:" + "1".repeat(64),
    },
    ...extra,
  };
}
