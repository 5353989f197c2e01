// The host's resource representation (resourceResponse) as Terraform state:
// identity (uid, generation, revision, the exact FormRef it records), the whole
// condition list as the host sent it, ready, the relations named by the
// desired spec, outputs_json and one typed attribute per declared output.
import type { CompiledObject } from "../schema/compiled.js";
import { valueFromPlain } from "../wire/json-value.js";
import { ctyObject, type CtyObject, type CtyValue } from "../wire/value.js";
import { canonicalJson } from "../../corpus/lib/digest.js";
import { refValue } from "../state/recorded.js";
import type { AttributeModel, ExactFormRef, ResourceModel } from "../model/types.js";
import { stateFromSpec } from "./spec-mapping.js";

export interface Representation {
  ref: ExactFormRef;
  name: string;
  space: string;
  uid: string;
  generation: string;
  revision: string;
  spec: Record<string, unknown>;
  conditions: Record<string, unknown>[];
  outputs: Record<string, unknown> | undefined;
}

export class RepresentationError extends Error {}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function str(v: unknown, what: string): string {
  if (typeof v !== "string") throw new RepresentationError(`the host's representation has no ${what}`);
  return v;
}

/** Reads {resource} or a bare resource document. */
export function parseRepresentation(body: unknown): Representation {
  const doc = isRecord(body) && isRecord(body["resource"]) ? body["resource"] : body;
  if (!isRecord(doc)) throw new RepresentationError("the host answered without a resource document");
  const form = isRecord(doc["form"]) ? doc["form"] : {};
  const r = isRecord(form["formRef"]) ? form["formRef"] : {};
  const meta = isRecord(doc["metadata"]) ? doc["metadata"] : {};
  const status = isRecord(doc["status"]) ? doc["status"] : {};
  return {
    ref: {
      apiVersion: str(r["apiVersion"], "form.formRef.apiVersion"),
      kind: str(r["kind"], "form.formRef.kind"),
      definitionVersion: str(r["definitionVersion"], "form.formRef.definitionVersion"),
      schemaDigest: str(r["schemaDigest"], "form.formRef.schemaDigest"),
    },
    name: str(meta["name"], "metadata.name"),
    space: str(meta["space"], "metadata.space"),
    uid: str(meta["uid"], "metadata.uid"),
    generation: str(meta["generation"], "metadata.generation"),
    revision: str(meta["revision"], "metadata.revision"),
    spec: isRecord(doc["spec"]) ? doc["spec"] : {},
    conditions: Array.isArray(status["conditions"]) ? status["conditions"].filter(isRecord) : [],
    outputs: isRecord(status["outputs"]) ? status["outputs"] : undefined,
  };
}

function optionalString(v: unknown): string | null {
  return typeof v === "string" ? v : null;
}

function conditionValue(c: Record<string, unknown>): CtyObject {
  return ctyObject([
    ["type", optionalString(c["type"])],
    ["status", optionalString(c["status"])],
    ["reason", optionalString(c["reason"])],
    ["message", optionalString(c["message"])],
    ["host_reason", optionalString(c["hostReason"])],
    ["observed_generation", optionalString(c["observedGeneration"])],
    ["last_transition_time", optionalString(c["lastTransitionTime"])],
  ]);
}

export interface RelationEntry {
  pointer: string;
  relation: string;
  apiVersion: string;
  kind: string;
  name: string;
}

/** Every reference in a wire spec, by the model's reference attributes. */
export function relationsOf(attributes: readonly AttributeModel[], spec: Record<string, unknown>, base = ""): RelationEntry[] {
  const out: RelationEntry[] = [];
  for (const attr of attributes) {
    const w = spec[attr.wireName];
    if (w === undefined || w === null) continue;
    const pointer = `${base}/${attr.wireName}`;
    if (attr.reference) {
      const add = (item: unknown, p: string): void => {
        if (isRecord(item) && typeof item["name"] === "string")
          out.push({ pointer: p, relation: attr.wireName, apiVersion: attr.reference!.apiVersion, kind: attr.reference!.kind, name: item["name"] });
      };
      if (Array.isArray(w)) w.forEach((item, i) => add(item, `${pointer}/${i}`));
      else add(w, pointer);
    } else if (attr.nested) {
      const nested = attr.nested.attributes;
      if (Array.isArray(w)) w.forEach((item, i) => isRecord(item) && out.push(...relationsOf(nested, item, `${pointer}/${i}`)));
      else if (isRecord(w) && attr.nested.nesting === "single") out.push(...relationsOf(nested, w, pointer));
      else if (isRecord(w))
        for (const [k, item] of Object.entries(w))
          if (isRecord(item)) out.push(...relationsOf(nested, item, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`));
    }
  }
  return out;
}

function relationValue(r: RelationEntry): CtyObject {
  return ctyObject([
    ["pointer", r.pointer],
    ["relation", r.relation],
    ["target_api_version", r.apiVersion],
    ["target_kind", r.kind],
    ["target_name", r.name],
  ]);
}

/** Typed outputs; throws naming the output when one is missing or mistyped (unless the mutation is unfinished). */
function outputValues(model: ResourceModel, block: CompiledObject, outputs: Record<string, unknown> | undefined, unfinished: boolean): [string, CtyValue][] {
  const out: [string, CtyValue][] = [];
  for (const o of model.outputs) {
    const compiled = block.attributes.get(o.name);
    if (!compiled) continue;
    const w = outputs?.[o.wireName];
    if (w === undefined || w === null) {
      if (!unfinished) throw new RepresentationError(`the host reported no value for the declared output ${o.wireName} (attribute ${o.name})`);
      out.push([o.name, null]);
      continue;
    }
    try {
      out.push([o.name, valueFromPlain(compiled.type, w, o.name)]);
    } catch (err) {
      throw new RepresentationError(`the host reported the declared output ${o.wireName} (attribute ${o.name}) with the wrong type: ${(err as Error).message}`);
    }
  }
  return out;
}

/** The whole state for a representation; `unfinished` allows null outputs (an accepted, pending mutation). */
export function stateFromRepresentation(model: ResourceModel, block: CompiledObject, rep: Representation, unfinished = false): CtyObject {
  const state = stateFromSpec(model.attributes, block, rep.spec);
  state["name"] = rep.name;
  state["space"] = rep.space;
  state["uid"] = rep.uid;
  state["generation"] = rep.generation;
  state["revision"] = rep.revision;
  state["form_ref"] = refValue(rep.ref);
  state["conditions"] = rep.conditions.map(conditionValue);
  state["ready"] = rep.conditions.some((c) => c["type"] === "Ready" && c["status"] === "True");
  state["relations"] = relationsOf(model.attributes, rep.spec).map(relationValue);
  state["outputs_json"] = canonicalJson(rep.outputs ?? {});
  state["pending_operation_id"] = null;
  for (const [name, v] of outputValues(model, block, rep.outputs, unfinished)) state[name] = v;
  for (const name of Object.keys(state)) if (!block.attributes.has(name)) delete state[name];
  return state;
}
