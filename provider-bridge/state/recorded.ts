// What a takoform_* resource records about itself, in Terraform state and in private state, read
// and written by both the plan rules (model/) and the lifecycle (lifecycle/). A leaf: it imports
// only wire values and types, so neither of those folders has to import the other for it.
import type { PrivateState } from "../framework/resource.js";
import type { CtyObject } from "../wire/value.js";
import type { ExactFormRef } from "../model/types.js";
import { statusOf } from "./status-json.js";

/** The exact FormRef as status_json's form_ref: `<apiVersion>/<kind>@<definitionVersion>#<schemaDigest>` (ADR 0240, 0286). */
export function refValue(ref: ExactFormRef): string {
  return `${ref.apiVersion}/${ref.kind}@${ref.definitionVersion}#${ref.schemaDigest}`;
}

/** The FormRef a form_ref text names; undefined when the text does not have the form refValue writes. */
export function parseRefText(text: string): ExactFormRef | undefined {
  const hash = text.lastIndexOf("#");
  const at = text.lastIndexOf("@", hash);
  const slash = text.lastIndexOf("/", at);
  if (hash < 0 || at < 0 || slash < 0 || !(slash < at && at < hash)) return undefined;
  return { apiVersion: text.slice(0, slash), kind: text.slice(slash + 1, at), definitionVersion: text.slice(at + 1, hash), schemaDigest: text.slice(hash + 1) };
}

/** The exact FormRef recorded in state (status_json's form_ref), if any. */
export function recordedRef(state: CtyObject | null): ExactFormRef | undefined {
  const text = state?.["status_json"];
  if (typeof text !== "string") return undefined;
  const v = statusOf(text)["form_ref"];
  // A status_json without a readable form_ref (an edited state) names no ref this provider
  // supports: the dispatch fails closed on it instead of falling back to the default.
  if (typeof v !== "string") return { apiVersion: "", kind: "", definitionVersion: "", schemaDigest: "" };
  // Text of another form names no ref this provider supports, so the dispatch fails closed on it.
  return parseRefText(v) ?? { apiVersion: v, kind: "", definitionVersion: "", schemaDigest: "" };
}

/** The generation recorded in state (status_json's generation): the fence of the next update or delete. */
export function recordedGeneration(state: CtyObject | null): string | undefined {
  const v = statusOf(state?.["status_json"])["generation"];
  return typeof v === "string" ? v : undefined;
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
