// Every definition of one Form kind -> one ResourceModel (one Terraform resource type).

import semver from "semver";
import { ARTIFACT_MANIFEST_KINDS, MANIFEST_DIGEST_MEMBER } from "../model/artifact-kinds.js";
import { typeNameForKind } from "../model/naming.js";
import type { AttributeModel, BindingRef, ReferenceModel, ResourceModel } from "../model/types.js";
import { buildProperties, type BuildContext } from "./attribute.js";
import { chooseDefaultRef } from "./default-ref.js";
import type { LoadedForm } from "./load.js";
import { replacementRule } from "./replacement.js";
import { resolveRootNames } from "./root-names.js";
import { isObject, jsonType, type SchemaNode } from "./schema-node.js";
import { shapeSignature } from "./signature.js";

interface FormAttributes {
  form: LoadedForm;
  attributes: AttributeModel[];
  outputs: AttributeModel[];
}

function formLabel(form: LoadedForm): string {
  return `${form.ref.kind}@${form.ref.definitionVersion}`;
}

function rootObject(schema: unknown, where: string): SchemaNode {
  if (!isObject(schema) || jsonType(schema) !== "object") throw new Error(`${where}: must be an object schema`);
  if (schema.additionalProperties !== false) throw new Error(`${where}: must be closed (additionalProperties: false)`);
  return schema;
}

/** The attributes and outputs one exact definition declares. */
export function formAttributes(form: LoadedForm): FormAttributes {
  const label = formLabel(form);
  const bindings = new Map<string, BindingRef>((form.definition.acceptedBindings ?? []).map((b) => [b.name, b]));
  const rule = replacementRule(form);
  const desiredRoot = rootObject(form.definition.desiredSchema, `${label} desiredSchema`);
  const desiredCtx: BuildContext = {
    root: desiredRoot,
    mode: "desired",
    replaceAt: rule.replaceAt,
    addImmutable: rule.addImmutable,
    references: [],
    bindings,
    where: `${label} desiredSchema`,
  };
  const attributes = buildProperties(desiredCtx, desiredRoot, "", true);
  assertSameRelations(form, desiredCtx.references);
  const unmatched = rule.unmatched();
  if (unmatched.length > 0) throw new Error(`${label}: immutableFields name no desired field: ${unmatched.join(", ")}`);
  let outputs: AttributeModel[] = [];
  if (form.definition.outputSchema !== undefined) {
    const outputRoot = rootObject(form.definition.outputSchema, `${label} outputSchema`);
    const outputCtx: BuildContext = {
      root: outputRoot,
      mode: "output",
      replaceAt: () => false,
      addImmutable: () => undefined,
      references: [],
      bindings,
      where: `${label} outputSchema`,
    };
    outputs = buildProperties(outputCtx, outputRoot, "", true);
  }
  resolveRootNames(attributes, outputs, label);
  return { form, attributes, outputs };
}

/** Every reference attribute must be a relation corpus/lib derived, and every relation an attribute. */
function assertSameRelations(form: LoadedForm, built: string[]): void {
  const derived = form.relations.map((r) => r.pointer).sort();
  const mine = [...built].sort();
  if (JSON.stringify(derived) !== JSON.stringify(mine)) {
    throw new Error(`${formLabel(form)}: reference attributes [${mine.join(", ")}] differ from the derived relations [${derived.join(", ")}]`);
  }
}

function artifactOf(form: LoadedForm): ResourceModel["artifact"] {
  const manifestKind = ARTIFACT_MANIFEST_KINDS[form.ref.kind];
  if (manifestKind === undefined) return undefined;
  const props = Object.keys((form.definition.desiredSchema.properties as object | undefined) ?? {});
  if (props.length !== 1 || props[0] !== MANIFEST_DIGEST_MEMBER) {
    throw new Error(`${formLabel(form)}: an artifact-backed Form's desired state must be exactly ${MANIFEST_DIGEST_MEMBER}`);
  }
  return { manifestKind };
}

/** Builds the resource type of one kind from all of its definitions. */
export function buildResource(definitions: LoadedForm[], catalogReferences: ReferenceModel[]): ResourceModel {
  const choice = chooseDefaultRef(definitions, catalogReferences);
  const chosen = choice.chosen;
  const roles = new Set(definitions.map((d) => d.definition.role));
  if (roles.size !== 1) throw new Error(`${chosen.ref.kind}: definitions disagree on role (${[...roles].join(", ")}); a role change needs a new resource type`);
  const built = definitions.map(formAttributes);
  const main = built.find((b) => b.form === chosen)!;
  const mainShape = shapeSignature(main.attributes, main.outputs);
  for (const other of built) {
    if (other !== main && shapeSignature(other.attributes, other.outputs) !== mainShape) {
      throw new Error(
        `${formLabel(other.form)} and ${formLabel(chosen)} declare different Terraform shapes; ` +
          "one resource type cannot serve both (a breaking definition needs a new resource type)",
      );
    }
  }
  const ordered = [...definitions].sort((a, b) => semver.compare(a.ref.definitionVersion, b.ref.definitionVersion));
  const model: ResourceModel = {
    typeName: typeNameForKind(chosen.ref.kind),
    apiVersion: chosen.ref.apiVersion,
    kind: chosen.ref.kind,
    role: chosen.definition.role,
    title: chosen.definition.title,
    description: chosen.definition.description ?? "",
    supportedRefs: ordered.map((d) => ({ ...d.ref })),
    defaultRef: { ...chosen.ref },
    capabilities: Object.fromEntries(ordered.map((d) => [d.ref.definitionVersion, [...d.capabilities]])),
    attributes: main.attributes,
    outputs: main.outputs,
  };
  const artifact = artifactOf(chosen);
  if (artifact !== undefined) {
    model.artifact = artifact;
    // source_dir may compute it (ADR 0102).
    model.attributes = model.attributes.map((a) => (a.wireName === MANIFEST_DIGEST_MEMBER ? { ...a, required: false, optional: true, computed: true } : a));
  }
  return model;
}
