// All loaded Form definitions -> the ProviderModel, resources sorted by type name.

import type { ProviderModel, ReferenceModel } from "../model/types.js";
import type { LoadedForm } from "./load.js";
import { buildResource } from "./resource.js";

export const PROVIDER_SOURCE = "registry.terraform.io/takoform/takoform";

export function buildProviderModel(forms: LoadedForm[], version: string): ProviderModel {
  const byKind = new Map<string, LoadedForm[]>();
  const references: ReferenceModel[] = [];
  for (const form of forms) {
    const key = `${form.ref.apiVersion}/${form.ref.kind}`;
    byKind.set(key, [...(byKind.get(key) ?? []), form]);
    for (const rel of form.relations) {
      const ref: ReferenceModel = { apiVersion: rel.targetApiVersion, kind: rel.targetKind };
      if (rel.targetFormRefs !== undefined) ref.targetFormRefs = rel.targetFormRefs;
      if (rel.requiredInterface !== undefined) ref.requiredInterface = rel.requiredInterface;
      references.push(ref);
    }
  }
  const resources = [...byKind.values()].map((definitions) => buildResource(definitions, references));
  const seen = new Map<string, string>();
  for (const r of resources) {
    const other = seen.get(r.typeName);
    if (other !== undefined) throw new Error(`${r.apiVersion}/${r.kind} and ${other} both map to ${r.typeName}`);
    seen.set(r.typeName, `${r.apiVersion}/${r.kind}`);
  }
  resources.sort((a, b) => (a.typeName < b.typeName ? -1 : a.typeName > b.typeName ? 1 : 0));
  return { source: PROVIDER_SOURCE, version, resources };
}
