// The host's resource representation (resourceResponse) as Terraform state:
// uid, ready, status_json (the exact FormRef it records, generation, revision,
// the conditions and the relations named by the desired spec, ADR 0286),
// outputs_json and one typed attribute per declared output.
import type { CompiledObject } from "../schema/compiled.js";
import { valueFromPlain } from "../wire/json-value.js";
import type { CtyObject, CtyValue } from "../wire/value.js";
import { canonicalJson } from "../../corpus/lib/digest.js";
import { refValue } from "../state/recorded.js";
import type { ExactFormRef, ResourceModel } from "../model/types.js";
import { conditionsFromWire, readyOf, relationsText, statusJson } from "../state/status-json.js";
import { relationsOfState } from "../state/relations.js";
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
  state["ready"] = readyOf(rep.conditions).ready;
  state["status_json"] = statusJson({
    formRef: refValue(rep.ref),
    generation: rep.generation,
    revision: rep.revision,
    conditions: conditionsFromWire(rep.conditions),
    relations: relationsText(relationsOfState(model.attributes, state) ?? []),
  });
  state["outputs_json"] = canonicalJson(rep.outputs ?? {});
  state["pending_operation_id"] = null;
  for (const [name, v] of outputValues(model, block, rep.outputs, unfinished)) state[name] = v;
  for (const name of Object.keys(state)) if (!block.attributes.has(name)) delete state[name];
  return state;
}
