// What a takoform_* resource records about itself, in Terraform state and in private state, read
// and written by both the plan rules (model/) and the lifecycle (lifecycle/). A leaf: it imports
// only wire values and types, so neither of those folders has to import the other for it.
import type { PrivateState } from "../framework/resource.js";
import { ctyObject, isCtyObject, type CtyObject } from "../wire/value.js";
import type { ExactFormRef } from "../model/types.js";

/** The exact FormRef as the form_ref state attribute. */
export function refValue(ref: ExactFormRef): CtyObject {
  return ctyObject([
    ["api_version", ref.apiVersion],
    ["kind", ref.kind],
    ["definition_version", ref.definitionVersion],
    ["schema_digest", ref.schemaDigest],
  ]);
}

/** The exact FormRef recorded in state, if any. */
export function recordedRef(state: CtyObject | null): ExactFormRef | undefined {
  const v = state?.["form_ref"];
  if (v === null || v === undefined || !isCtyObject(v)) return undefined;
  const s = (k: string): string => (typeof v[k] === "string" ? (v[k] as string) : "");
  return { apiVersion: s("api_version"), kind: s("kind"), definitionVersion: s("definition_version"), schemaDigest: s("schema_digest") };
}

export function sameRef(a: ExactFormRef, b: ExactFormRef): boolean {
  return a.apiVersion === b.apiVersion && a.kind === b.kind && a.definitionVersion === b.definitionVersion && a.schemaDigest === b.schemaDigest;
}

/** Private-state member carrying the native id an apply still has to claim (ADR 0133). */
export const ADOPT_NATIVE_ID = "adoptNativeId";

export function pendingAdoption(priv: PrivateState | undefined): string | undefined {
  const v = priv?.[ADOPT_NATIVE_ID];
  return typeof v === "string" && v !== "" ? v : undefined;
}
