// Which exact definition a NEW resource of a kind is created under (docs/decisions/0050).
//
// A definition is ranked by how many references in the whole catalog that point at its kind it can
// satisfy as a target (its exact ref is listed in x-takoform-target-formrefs, or it provides the
// x-takoform-required-interface); ties go to the highest definitionVersion by SemVer. A new
// resource is therefore created under a definition every Form that refers to this kind accepts,
// and the newest such one, rather than under the newest definition whatever it dropped.

import semver from "semver";
import type { ExactFormRef, ReferenceModel } from "../model/types.js";
import type { LoadedForm } from "./load.js";

export interface DefaultRefChoice {
  chosen: LoadedForm;
  /** Every candidate with the references it satisfies, best first. */
  ranking: { form: LoadedForm; satisfied: number; total: number }[];
}

function sameRef(a: ExactFormRef, b: ExactFormRef): boolean {
  return a.apiVersion === b.apiVersion && a.kind === b.kind && a.definitionVersion === b.definitionVersion && a.schemaDigest === b.schemaDigest;
}

/** Whether `form` can be the target of `ref` (Host API v1beta1, "What a relation requires of its target"). */
export function satisfies(form: LoadedForm, ref: ReferenceModel): boolean {
  if (ref.targetFormRefs !== undefined) return ref.targetFormRefs.some((r) => sameRef(r, form.ref));
  const need = ref.requiredInterface;
  if (need !== undefined) {
    return (form.definition.providedInterfaces ?? []).some(
      (p) => p.apiVersion === need.apiVersion && p.name === need.name && p.version === need.version && p.schemaDigest === need.schemaDigest,
    );
  }
  return true;
}

/** Picks the default ref among `candidates` (one kind), given every reference in the catalog. */
export function chooseDefaultRef(candidates: LoadedForm[], references: ReferenceModel[]): DefaultRefChoice {
  const first = candidates[0];
  if (first === undefined) throw new Error("chooseDefaultRef: no candidates");
  const inbound = references.filter((r) => r.apiVersion === first.ref.apiVersion && r.kind === first.ref.kind);
  const ranking = candidates
    .map((form) => ({ form, satisfied: inbound.filter((r) => satisfies(form, r)).length, total: inbound.length }))
    .sort((a, b) => b.satisfied - a.satisfied || semver.rcompare(a.form.ref.definitionVersion, b.form.ref.definitionVersion));
  return { chosen: ranking[0]!.form, ranking };
}
