// Reads a stopped host's store FILE directly (store.sqlite or store.json) and audits every entry:
// each resource a complete, self-consistent document (its specDigest recomputed from its spec,
// its uid indexed back to its address), every index entry pointing at a live resource, every
// replay record a whole answer. This is the "nothing half-written" half of crash safety: it looks
// below the HTTP surface, where a torn write would hide.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { isExactFormRef, specDigest } from "../../../corpus/lib/index.js";

export interface StoredResource {
  uid: string;
  generation: string;
  revision: string;
  spec: unknown;
}

export interface StoreAudit {
  entries: number;
  resources: Map<string, StoredResource>;
  replayRecords: number;
  problems: string[];
}

/** The address key the audit uses for one resource: tenant, space, apiVersion, kind, name. */
export function addressKey(tenant: string, space: string, apiVersion: string, kind: string, name: string): string {
  return [tenant, space, apiVersion, kind, name].join(" ");
}

function readEntries(dataDir: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const sqlite = path.join(dataDir, "store.sqlite");
  if (existsSync(sqlite)) {
    const db = new Database(sqlite);
    try {
      for (const row of db.prepare("SELECT key, value FROM entries").all() as { key: string; value: string }[]) {
        out.set(row.key, JSON.parse(row.value));
      }
    } finally {
      db.close();
    }
    return out;
  }
  const document = JSON.parse(readFileSync(path.join(dataDir, "store.json"), "utf8"));
  if (document.format !== "takoform-host-store@1") throw new Error("store.json: unknown format");
  for (const [key, entry] of Object.entries(document.entries as Record<string, { value: unknown; version: number }>)) {
    if (!Number.isSafeInteger(entry.version) || entry.version < 1) throw new Error(`store.json: ${key} has version ${entry.version}`);
    out.set(key, entry.value);
  }
  return out;
}

const DECIMAL = /^[1-9][0-9]*$/;

export function auditStore(dataDir: string): StoreAudit {
  const entries = readEntries(dataDir);
  const problems: string[] = [];
  const resources = new Map<string, StoredResource>();
  const resourceUids = new Map<string, string>(); // "tenant uid" -> address key
  let replayRecords = 0;
  for (const [key, value] of entries) {
    const parts = key.split("/").map((part) => decodeURIComponent(part));
    const record = value as Record<string, any>;
    if (parts[0] === "resource") {
      const [, tenant, space, apiVersion, kind, name] = parts as [string, string, string, string, string, string];
      const at = `resource ${tenant}/${space}/${kind}/${name}`;
      if (parts.length !== 6) problems.push(`${key}: not a resource address`);
      if (record.tenant !== tenant || record.space !== space || record.name !== name) problems.push(`${at}: record names another address`);
      if (!isExactFormRef(record.ref) || record.ref.apiVersion !== apiVersion || record.ref.kind !== kind) problems.push(`${at}: ref incomplete`);
      if (typeof record.uid !== "string" || record.uid.length === 0) problems.push(`${at}: no uid`);
      if (!DECIMAL.test(String(record.generation)) || !DECIMAL.test(String(record.revision))) problems.push(`${at}: generation/revision not canonical`);
      if (BigInt(record.revision ?? 0) < BigInt(record.generation ?? 0)) problems.push(`${at}: revision below generation`);
      if (typeof record.spec !== "object" || record.spec === null) problems.push(`${at}: no spec`);
      else if (record.specDigest !== specDigest(record.spec)) problems.push(`${at}: specDigest does not match the stored spec`);
      if (!Array.isArray(record.conditions) || record.conditions.length === 0) problems.push(`${at}: no conditions`);
      if (!Number.isSafeInteger(record.observations) || record.observations < 0) problems.push(`${at}: observations missing`);
      if (Number.isNaN(Date.parse(record.createdAt))) problems.push(`${at}: createdAt missing`);
      const address = addressKey(tenant, space, apiVersion, kind, name);
      resources.set(address, { uid: record.uid, generation: record.generation, revision: record.revision, spec: record.spec });
      resourceUids.set(`${tenant} ${record.uid}`, address);
    } else if (parts[0] === "replay") {
      replayRecords++;
      if (typeof record.fingerprint !== "string" || !Number.isInteger(record.status) || typeof record.body !== "string") {
        problems.push(`${key}: incomplete replay record`);
      } else if (record.body !== "") {
        try {
          JSON.parse(record.body);
        } catch {
          problems.push(`${key}: replay body is not a whole JSON document`);
        }
      }
    }
  }
  // index entries: every uid entry points at the live resource holding that uid, and back
  const indexed = new Set<string>();
  for (const [key, value] of entries) {
    const parts = key.split("/").map((part) => decodeURIComponent(part));
    const record = value as Record<string, any>;
    if (parts[0] === "uid") {
      const [, tenant, uid] = parts as [string, string, string];
      const holder = resourceUids.get(`${tenant} ${uid}`);
      const address = record.address;
      const points =
        address !== undefined
          ? addressKey(tenant, address.space, address.apiVersion, address.kind, address.name)
          : typeof record.resourceKey === "string"
            ? (() => {
                const p: string[] = record.resourceKey.split("/").map((part: string) => decodeURIComponent(part));
                return p.slice(1).join(" ");
              })()
            : undefined;
      if (holder === undefined || holder !== points) problems.push(`${key}: uid index points at ${points}, live holder ${holder}`);
      indexed.add(`${tenant} ${uid}`);
    } else if (parts[0] === "claim") {
      const tenant = parts[1]!;
      if (!resourceUids.has(`${tenant} ${record.uid}`)) problems.push(`${key}: claim held by a uid no live resource has`);
    }
  }
  for (const [tenantUid, address] of resourceUids) {
    if (!indexed.has(tenantUid)) problems.push(`resource ${address}: its uid is not indexed`);
  }
  return { entries: entries.size, resources, replayRecords, problems };
}
