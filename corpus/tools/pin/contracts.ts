// Interface and Binding Definitions: their digests, and the targetInterface digest every Binding
// Definition carries. Interfaces reference nothing, so they are digested first; bindings are then
// rewritten to point at the interfaces' current digests and digested in turn.

import { canonicalDigest, type BindingRef, type InterfaceRef } from "../../lib/index.js";
import { isObject, jsonText } from "./json-text.js";
import { PinError, type Workspace } from "./workspace.js";

export const INTERFACE_GROUP = "interfaces.takoform.com/v1alpha1";
export const BINDING_GROUP = "bindings.takoform.com/v1alpha1";

export interface PinnedContract<R> {
  path: string;
  ref: R;
}

export type ContractTable<R> = Map<string, PinnedContract<R>>;

export const contractKey = (name: string, version: string): string => `${name}@${version}`;

/** Digests every interfaces/v1alpha1/<name>/<version>/definition.json. */
export function pinInterfaces(ws: Workspace): ContractTable<InterfaceRef> {
  const table: ContractTable<InterfaceRef> = new Map();
  for (const rel of definitionFiles(ws, "interfaces")) {
    const doc = ws.readJson(rel);
    const { name, version } = contractIdentity(doc, rel, INTERFACE_GROUP, "InterfaceDefinition");
    table.set(contractKey(name, version), { path: rel, ref: { apiVersion: INTERFACE_GROUP, name, version, schemaDigest: canonicalDigest(doc) } });
  }
  return table;
}

/** Points every Binding Definition's targetInterface at the pinned interface, then digests it. */
export function pinBindings(ws: Workspace, interfaces: ContractTable<InterfaceRef>): ContractTable<BindingRef> {
  const table: ContractTable<BindingRef> = new Map();
  for (const rel of definitionFiles(ws, "bindings")) {
    const doc = ws.readJson(rel);
    const { name, version } = contractIdentity(doc, rel, BINDING_GROUP, "BindingDefinition");
    const target = (doc as Record<string, unknown>).targetInterface;
    resolveContractRef(target, interfaces, INTERFACE_GROUP, `${rel}: /targetInterface`);
    ws.put(rel, jsonText(doc));
    table.set(contractKey(name, version), { path: rel, ref: { apiVersion: BINDING_GROUP, name, version, schemaDigest: canonicalDigest(doc) } });
  }
  return table;
}

/** Sets ref.schemaDigest from the table; throws when the ref names no pinned contract. */
export function resolveContractRef<R extends InterfaceRef | BindingRef>(ref: unknown, table: ContractTable<R>, group: string, where: string): void {
  if (!isObject(ref) || typeof ref.name !== "string" || typeof ref.version !== "string") {
    throw new PinError(`${where}: not a {apiVersion, name, version, schemaDigest} reference`);
  }
  if (ref.apiVersion !== group) throw new PinError(`${where}: apiVersion must be ${group}, found ${JSON.stringify(ref.apiVersion)}`);
  const pinned = table.get(contractKey(ref.name, ref.version));
  if (!pinned) throw new PinError(`${where}: ${ref.name}@${ref.version} is not in the corpus`);
  ref.schemaDigest = pinned.ref.schemaDigest;
}

function definitionFiles(ws: Workspace, dir: string): string[] {
  return ws.files(dir).filter((rel) => rel.endsWith("/definition.json"));
}

function contractIdentity(doc: unknown, rel: string, group: string, kind: string): { name: string; version: string } {
  if (!isObject(doc) || doc.apiVersion !== group || doc.kind !== kind || typeof doc.name !== "string" || typeof doc.version !== "string") {
    throw new PinError(`${rel}: not a ${group} ${kind}`);
  }
  const expected = `${rel.split("/")[0]}/v1alpha1/${doc.name}/${doc.version}/definition.json`;
  if (rel !== expected) throw new PinError(`${rel}: a ${kind} named ${doc.name}@${doc.version} belongs at ${expected}`);
  return { name: doc.name, version: doc.version };
}
