// Form Definitions: every digest a definition carries about another corpus document is rewritten
// from the pinned documents, in dependency order, and each definition is then digested.
//   - providedInterfaces[] and every x-takoform-required-interface   -> pinned Interface digests
//   - acceptedBindings[]                                             -> pinned Binding digests
//   - every x-takoform-target-formrefs entry                         -> the target definition's
//     digest, which is why definitions are processed after the definitions they point at.

import { canonicalDigest, type BindingRef, type ExactFormRef, type InterfaceRef } from "../../lib/index.js";
import { BINDING_GROUP, INTERFACE_GROUP, resolveContractRef, type ContractTable } from "./contracts.js";
import { isObject, jsonText } from "./json-text.js";
import { PinError, type Workspace } from "./workspace.js";

export interface PinnedForm {
  /** Package directory, corpus-relative. */
  dir: string;
  definitionPath: string;
  ref: ExactFormRef;
}

interface FormSource {
  dir: string;
  definitionPath: string;
  doc: Record<string, unknown>;
  key: string;
  /** Keys of the definitions this one names in x-takoform-target-formrefs. */
  needs: string[];
}

const SCHEMA_MEMBERS = ["desiredSchema", "observedSchema", "outputSchema"] as const;

export const formKey = (apiVersion: unknown, kind: unknown, definitionVersion: unknown): string => `${String(apiVersion)} ${String(kind)}@${String(definitionVersion)}`;

/** Pins every definition under forms/ and returns them keyed by formKey. */
export function pinForms(ws: Workspace, interfaces: ContractTable<InterfaceRef>, bindings: ContractTable<BindingRef>): Map<string, PinnedForm> {
  const sources = new Map<string, FormSource>();
  for (const rel of ws.files("forms").filter((f) => f.endsWith("/definition.json"))) {
    const source = readSource(ws, rel);
    const clash = sources.get(source.key);
    if (clash) throw new PinError(`${rel}: ${source.key} is also defined by ${clash.definitionPath}`);
    sources.set(source.key, source);
  }
  const pinned = new Map<string, PinnedForm>();
  for (const source of dependencyOrder(sources)) {
    const where = source.definitionPath;
    const doc = source.doc;
    for (const [i, ref] of arrayMember(doc, "providedInterfaces", where).entries()) {
      resolveContractRef(ref, interfaces, INTERFACE_GROUP, `${where}: /providedInterfaces/${i}`);
    }
    for (const [i, ref] of arrayMember(doc, "acceptedBindings", where).entries()) {
      resolveContractRef(ref, bindings, BINDING_GROUP, `${where}: /acceptedBindings/${i}`);
    }
    for (const member of SCHEMA_MEMBERS) {
      if (doc[member] === undefined) continue;
      visitAnnotations(doc[member], `/${member}`, {
        requiredInterface: (ref, at) => resolveContractRef(ref, interfaces, INTERFACE_GROUP, `${where}: ${at}`),
        targetFormRef: (ref, at) => {
          const target = pinned.get(formKey(ref.apiVersion, ref.kind, ref.definitionVersion));
          if (!target) throw new PinError(`${where}: ${at}: ${formKey(ref.apiVersion, ref.kind, ref.definitionVersion)} is not in the corpus`);
          ref.schemaDigest = target.ref.schemaDigest;
        },
      });
    }
    ws.put(source.definitionPath, jsonText(doc));
    pinned.set(source.key, {
      dir: source.dir,
      definitionPath: source.definitionPath,
      ref: { apiVersion: doc.apiVersion as string, kind: doc.kind as string, definitionVersion: doc.definitionVersion as string, schemaDigest: canonicalDigest(doc) },
    });
  }
  return pinned;
}

interface AnnotationVisitor {
  requiredInterface(ref: Record<string, unknown>, at: string): void;
  targetFormRef(ref: Record<string, unknown>, at: string): void;
}

/** Calls the visitor for every reference annotation anywhere inside a schema. */
export function visitAnnotations(node: unknown, at: string, visitor: AnnotationVisitor): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => visitAnnotations(item, `${at}/${i}`, visitor));
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    const here = `${at}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
    if (key === "x-takoform-required-interface") {
      if (!isObject(value)) throw new PinError(`${here}: must be an InterfaceRef object`);
      visitor.requiredInterface(value, here);
    } else if (key === "x-takoform-target-formrefs") {
      if (!Array.isArray(value) || value.length === 0) throw new PinError(`${here}: must be a non-empty array of FormRefs`);
      value.forEach((ref, i) => {
        if (!isObject(ref)) throw new PinError(`${here}/${i}: must be a FormRef object`);
        visitor.targetFormRef(ref, `${here}/${i}`);
      });
    } else {
      visitAnnotations(value, here, visitor);
    }
  }
}

function readSource(ws: Workspace, rel: string): FormSource {
  const doc = ws.readJson(rel);
  if (!isObject(doc) || typeof doc.apiVersion !== "string" || typeof doc.kind !== "string" || typeof doc.definitionVersion !== "string") {
    throw new PinError(`${rel}: not a Form Definition (apiVersion, kind and definitionVersion are required)`);
  }
  const dir = rel.slice(0, -"/definition.json".length);
  const parts = dir.split("/");
  const [group, groupVersion] = doc.apiVersion.split("/");
  const family = group?.split(".")[0];
  const kebab = parts[3] ?? "";
  const layoutOk =
    parts.length === 5 && parts[1] === family && parts[2] === groupVersion && parts[4] === doc.definitionVersion &&
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(kebab) && kebab.replaceAll("-", "") === doc.kind.toLowerCase();
  if (!layoutOk) {
    throw new PinError(`${rel}: ${doc.kind}@${doc.definitionVersion} of ${doc.apiVersion} belongs at forms/${family}/${groupVersion}/<kebab-kind>/${doc.definitionVersion}/definition.json`);
  }
  const needs: string[] = [];
  for (const member of SCHEMA_MEMBERS) {
    if (doc[member] === undefined) continue;
    visitAnnotations(doc[member], `/${member}`, {
      requiredInterface: () => undefined,
      targetFormRef: (ref) => needs.push(formKey(ref.apiVersion, ref.kind, ref.definitionVersion)),
    });
  }
  return { dir, definitionPath: rel, doc, key: formKey(doc.apiVersion, doc.kind, doc.definitionVersion), needs };
}

/** Definitions ordered so that every target precedes the definitions naming it; refuses cycles. */
export function dependencyOrder<T extends { key: string; needs: string[] }>(items: Map<string, T>): T[] {
  const order: T[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (key: string, path: string[]): void => {
    const item = items.get(key);
    if (!item) return; // unknown targets are reported when the reference is resolved
    if (state.get(key) === "done") return;
    if (state.get(key) === "visiting") throw new PinError(`x-takoform-target-formrefs cycle: ${[...path, key].join(" -> ")}`);
    state.set(key, "visiting");
    for (const need of item.needs) visit(need, [...path, key]);
    state.set(key, "done");
    order.push(item);
  };
  for (const key of [...items.keys()].sort()) visit(key, []);
  return order;
}

function arrayMember(doc: Record<string, unknown>, member: string, where: string): unknown[] {
  const value = doc[member];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new PinError(`${where}: /${member} must be an array`);
  return value;
}
