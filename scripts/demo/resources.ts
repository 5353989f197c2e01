// What the demo deployed, read back from the host: the state file says which resources exist
// under which exact FormRef; the host API says whether each is Ready and why.
import { existsSync, readFileSync } from "node:fs";

export interface DeployedResource {
  type: string;
  name: string;
  space: string;
  apiVersion: string;
  kind: string;
  definitionVersion: string;
  schemaDigest: string;
}

export interface HostView extends DeployedResource {
  found: boolean;
  uid: string;
  generation: string;
  ready: string;
  reason: string;
  outputs: Record<string, unknown>;
}

interface StateFile {
  resources?: { mode: string; type: string; instances: { attributes: Record<string, unknown> }[] }[];
}

/**
 * The exact FormRef a state records: status_json's form_ref, one string
 * `<apiVersion>/<kind>@<definitionVersion>#<schemaDigest>` (schema version 2, ADR 0286); a state not yet
 * upgraded by a plan or apply has it as the form_ref attribute (version 1: that string; version 0: an object).
 */
function formRefOf(a: Record<string, unknown>): { apiVersion: string; kind: string; definitionVersion: string; schemaDigest: string } | undefined {
  let v: unknown = a["form_ref"];
  if (typeof a["status_json"] === "string") v = (JSON.parse(a["status_json"]) as { form_ref?: unknown }).form_ref;
  if (typeof v === "string") {
    const m = /^(.+)\/([^/@#]+)@([^#]+)#(.+)$/.exec(v);
    return m ? { apiVersion: m[1]!, kind: m[2]!, definitionVersion: m[3]!, schemaDigest: m[4]! } : undefined;
  }
  if (typeof v !== "object" || v === null) return undefined;
  const ref = v as Record<string, string>;
  return { apiVersion: ref["api_version"]!, kind: ref["kind"]!, definitionVersion: ref["definition_version"]!, schemaDigest: ref["schema_digest"]! };
}

export function resourcesInState(statePath: string): DeployedResource[] {
  if (!existsSync(statePath)) return [];
  const state = JSON.parse(readFileSync(statePath, "utf8")) as StateFile;
  const out: DeployedResource[] = [];
  for (const r of state.resources ?? []) {
    if (r.mode !== "managed" || !r.type.startsWith("takoform_")) continue;
    for (const { attributes: a } of r.instances) {
      const ref = formRefOf(a);
      if (ref === undefined) continue;
      out.push({ type: r.type, name: String(a["name"]), space: String(a["space"]), ...ref });
    }
  }
  return out.sort((x, y) => x.kind.localeCompare(y.kind) || x.name.localeCompare(y.name));
}

export async function readFromHost(endpoint: string, token: string, r: DeployedResource): Promise<HostView> {
  const query = new URLSearchParams({ space: r.space, definitionVersion: r.definitionVersion, schemaDigest: r.schemaDigest });
  const url = `${endpoint}/apis/forms.takoform.com/v1beta1/resources/${r.apiVersion}/${r.kind}/${encodeURIComponent(r.name)}?${query.toString()}`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status === 404) return { ...r, found: false, uid: "", generation: "", ready: "-", reason: "absent", outputs: {} };
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  const doc = (await res.json()) as {
    metadata: { uid: string; generation: string };
    status?: { conditions?: { type: string; status: string; reason: string }[]; outputs?: Record<string, unknown> };
  };
  const ready = doc.status?.conditions?.find((c) => c.type === "Ready");
  return {
    ...r,
    found: true,
    uid: doc.metadata.uid,
    generation: doc.metadata.generation,
    ready: ready?.status ?? "Unknown",
    reason: ready?.reason ?? "-",
    outputs: doc.status?.outputs ?? {},
  };
}

export function table(rows: HostView[]): string {
  const head = ["KIND", "NAME", "READY", "REASON"];
  const cells = rows.map((r) => [r.kind, r.name, r.ready, r.reason]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  return [head, ...cells]
    .map((c) =>
      c
        .map((v, i) => v.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}
