// `takoform resource KIND NAME` as a tree of its aggregate. From the named resource, the tree
// descends into the resources that pin it (its dependents: a worker's deployments, endpoints,
// domains, triggers, consumers), and from each of those into what they pin in turn (a deployment's
// versions, a version's bundle and bindings), never back to the root; a dependent already reached
// through another branch (a version that its deployment weights) is shown there, not twice. So a
// ModuleWorker reads worker -> deployment -> versions -> bundles and bindings, then the endpoint,
// domains, triggers and consumers.

import type { ListedRelation, ListedResource } from "./client.js";
import { readyText } from "./table.js";

/** Dependents of a worker in the order an author reads them; other kinds follow alphabetically. */
const FIRST = ["WorkerDeployment", "WorkerVersion", "WorkerEndpoint", "WorkerCustomDomain"];
const rank = (kind: string) => (FIRST.includes(kind) ? FIRST.indexOf(kind) : FIRST.length);

const keyOf = (r: { apiVersion: string; kind: string; name: string }) => `${r.apiVersion} ${r.kind} ${r.name}`;

interface Branch {
  label: string;
  resource?: ListedResource;
  children: Branch[];
}

function line(r: ListedResource): string {
  const ready = readyText(r);
  const outputs = Object.entries(r.outputs ?? {})
    .filter(([, v]) => typeof v === "string" || typeof v === "number" || typeof v === "boolean")
    .map(([k, v]) => `${k}=${String(v)}`);
  const parts = [`${r.kind} ${r.name}`, `gen ${r.generation}`, `Ready ${ready.status} ${ready.reason}`, ...outputs];
  return parts.join("  ");
}

function relationLabel(rel: ListedRelation): string {
  const context = Object.entries(rel.context ?? {}).map(([k, v]) => `${k} ${String(v)}`);
  const drift = rel.drift === undefined ? "" : ` DRIFT ${rel.drift.reason}`;
  return `${rel.pointer}${context.length === 0 ? "" : ` (${context.join(", ")})`}${drift}`;
}

export function aggregateTree(root: ListedResource, space: readonly ListedResource[]): string {
  const byKey = new Map(space.map((r) => [keyOf(r), r]));
  const holders = (target: ListedResource) => space.filter((r) => r !== target && r.relations.some((rel) => keyOf(rel.target) === keyOf(target)));
  const shown = new Set<string>([keyOf(root)]);
  // Dependents of the root that another dependent pins are placed under that dependent.
  const direct = holders(root);
  const reachedThroughOthers = new Set(direct.flatMap((h) => h.relations.map((rel) => keyOf(rel.target))));
  const top = direct.filter((h) => !reachedThroughOthers.has(keyOf(h)));
  const pinsOf = (r: ListedResource): Branch[] =>
    r.relations
      .filter((rel) => keyOf(rel.target) !== keyOf(root))
      .map((rel) => {
        const target = byKey.get(keyOf(rel.target));
        const label = relationLabel(rel);
        if (target === undefined) return { label: `${label}: ${rel.target.kind} ${rel.target.name}  MISSING (pinned uid ${rel.pinned.uid})`, children: [] };
        if (shown.has(keyOf(target))) return { label: `${label}: ${rel.target.kind} ${rel.target.name} (shown above)`, children: [] };
        shown.add(keyOf(target));
        return { label: `${label}: ${line(target)}`, resource: target, children: pinsOf(target) };
      });
  const branches: Branch[] = pinsOf(root);
  const order = [...top].sort((a, b) => rank(a.kind) - rank(b.kind) || a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
  for (const dependent of order) {
    if (shown.has(keyOf(dependent))) continue;
    shown.add(keyOf(dependent));
    branches.push({ label: line(dependent), resource: dependent, children: pinsOf(dependent) });
  }
  // Dependents reached only through a branch that was already shown still appear, at the top.
  for (const dependent of direct) {
    if (shown.has(keyOf(dependent))) continue;
    shown.add(keyOf(dependent));
    branches.push({ label: line(dependent), resource: dependent, children: pinsOf(dependent) });
  }
  const out = [line(root)];
  const draw = (items: Branch[], indent: string) => {
    items.forEach((item, i) => {
      const last = i === items.length - 1;
      out.push(`${indent}${last ? "└─ " : "├─ "}${item.label}`);
      draw(item.children, indent + (last ? "   " : "│  "));
    });
  };
  draw(branches, "");
  return out.join("\n");
}
