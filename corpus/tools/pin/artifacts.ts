// Conformance artifacts: each directory below artifacts/<group>/<name>/ holds the artifact's
// files and a manifest.json in the artifact-transport manifest format. The manifest's author
// chooses kind, mainModule, order and media types; size and digest of every entry are recomputed
// from the bytes beside it. Every file of the directory must be listed, and every listed file
// must exist.

import { canonicalDigest, fileDigest } from "../../lib/index.js";
import { isObject, jsonText } from "./json-text.js";
import { PinError, type Workspace } from "./workspace.js";

export const MANIFEST_FILE = "manifest.json";

export interface PinnedManifest {
  path: string;
  apiVersion: string;
  kind: string;
  digest: string;
}

export function pinArtifacts(ws: Workspace): PinnedManifest[] {
  const out: PinnedManifest[] = [];
  for (const rel of ws.files("artifacts").filter((f) => f.endsWith(`/${MANIFEST_FILE}`))) {
    const dir = rel.slice(0, -MANIFEST_FILE.length - 1);
    const manifest = ws.readJson(rel);
    if (!isObject(manifest) || typeof manifest.kind !== "string" || typeof manifest.apiVersion !== "string") {
      throw new PinError(`${rel}: not an artifact manifest (apiVersion and kind are required)`);
    }
    const listed = new Set<string>();
    const pinEntries = (member: "modules" | "files", nameMember: "name" | "path"): void => {
      const entries = manifest[member];
      if (entries === undefined) return;
      if (!Array.isArray(entries)) throw new PinError(`${rel}: /${member} must be an array`);
      entries.forEach((entry, i) => {
        const name = isObject(entry) ? entry[nameMember] : undefined;
        if (!isObject(entry) || typeof name !== "string") throw new PinError(`${rel}: /${member}/${i} has no ${nameMember}`);
        const file = `${dir}/${name}`;
        if (name === MANIFEST_FILE || !ws.exists(file)) throw new PinError(`${rel}: /${member}/${i}: ${name} is not a file beside the manifest`);
        if (listed.has(name)) throw new PinError(`${rel}: ${name} is listed twice`);
        listed.add(name);
        const bytes = ws.read(file);
        entry.size = bytes.length;
        entry.digest = fileDigest(bytes);
      });
    };
    pinEntries("modules", "name");
    pinEntries("files", "path");
    for (const file of ws.files(dir)) {
      const name = file.slice(dir.length + 1);
      if (name !== MANIFEST_FILE && !listed.has(name)) throw new PinError(`${rel}: ${name} is in the artifact directory but not in the manifest`);
    }
    ws.put(rel, jsonText(manifest));
    out.push({ path: rel, apiVersion: manifest.apiVersion, kind: manifest.kind, digest: canonicalDigest(manifest) });
  }
  return out;
}
