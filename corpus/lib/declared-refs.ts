// Finds every digest a JSON document declares about something else: exact FormRefs (optionally
// with the package digest beside them), InterfaceRefs, BindingRefs, and raw-file pins
// ({path, sha256} / {contract, sha256}). verifyTree checks each against what it recomputed.

import { isDigest } from "./digest.js";
import { isBindingRef, isExactFormRef, isInterfaceRef } from "./form-ref.js";
import { isPlainObject } from "./json-file.js";
import { formatPointer, type PointerToken } from "./json-pointer.js";
import type { BindingRef, ExactFormRef, InterfaceRef } from "./types.js";

export type DeclaredDigest =
  | { type: "form"; pointer: string; ref: ExactFormRef; packageDigest?: string }
  | { type: "interface"; pointer: string; ref: InterfaceRef }
  | { type: "binding"; pointer: string; ref: BindingRef }
  /** {name, version, schemaDigest} without apiVersion, as candidate sets list contracts. */
  | { type: "contract"; pointer: string; ref: { name: string; version: string; schemaDigest: string } }
  | { type: "file"; pointer: string; path: string; digest: string };

const HEX = /^[0-9a-f]{64}$/;

export function findDeclaredDigests(document: unknown): DeclaredDigest[] {
  const out: DeclaredDigest[] = [];
  const visit = (value: unknown, at: PointerToken[]): void => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, [...at, i]));
      return;
    }
    if (!isPlainObject(value)) return;
    const pointer = formatPointer(at);
    if (isExactFormRef(value)) {
      out.push({ type: "form", pointer, ref: value });
      return;
    }
    if (isInterfaceRef(value)) {
      out.push({ type: "interface", pointer, ref: value });
      return;
    }
    if (isBindingRef(value)) {
      out.push({ type: "binding", pointer, ref: value });
      return;
    }
    if (isBareContractRef(value)) {
      out.push({ type: "contract", pointer, ref: value });
      return;
    }
    let skip: string | undefined;
    if (isExactFormRef(value.formRef) && typeof value.packageDigest === "string") {
      out.push({ type: "form", pointer: `${pointer}/formRef`, ref: value.formRef, packageDigest: value.packageDigest });
      skip = "formRef";
    }
    const target = typeof value.path === "string" ? value.path : typeof value.contract === "string" ? value.contract : undefined;
    if (target !== undefined && typeof value.sha256 === "string") {
      const digest = HEX.test(value.sha256) ? `sha256:${value.sha256}` : value.sha256;
      out.push({ type: "file", pointer, path: target, digest });
    }
    for (const [key, member] of Object.entries(value)) if (key !== skip) visit(member, [...at, key]);
  };
  visit(document, []);
  return out;
}

function isBareContractRef(value: Record<string, unknown>): value is { name: string; version: string; schemaDigest: string } {
  const keys = Object.keys(value);
  return keys.length === 3 && typeof value.name === "string" && typeof value.version === "string" && isDigest(value.schemaDigest);
}
