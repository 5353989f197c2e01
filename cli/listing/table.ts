// `takoform resources` as a table: one row per resource with its kind, name, exact FormRef,
// generation, Ready status and reason, and the relations it pins.

import type { ListedRelation, ListedResource } from "./client.js";

export function readyText(r: ListedResource): { status: string; reason: string } {
  if (r.ready === null) return { status: "-", reason: "no Ready condition" };
  const detail = r.ready.hostReason ?? (r.ready.status === "True" ? undefined : r.ready.message);
  return { status: r.ready.status, reason: detail === undefined ? r.ready.reason : `${r.ready.reason}: ${detail}` };
}

export function relationText(rel: ListedRelation): string {
  const drift = rel.drift === undefined ? "" : ` [DRIFT ${rel.drift.reason}]`;
  return `${rel.pointer.slice(1)}=${rel.target.kind}/${rel.target.name}${drift}`;
}

export function formText(r: ListedResource): string {
  return `${r.formRef.apiVersion} ${r.formRef.kind}@${r.formRef.definitionVersion} ${r.formRef.schemaDigest.slice(0, 19)}`;
}

export function resourcesTable(resources: readonly ListedResource[], withSpace: boolean): string {
  const header = [...(withSpace ? ["SPACE"] : []), "KIND", "NAME", "GEN", "READY", "REASON", "FORM", "RELATIONS"];
  const rows = resources.map((r) => {
    const ready = readyText(r);
    return [
      ...(withSpace ? [r.space] : []),
      r.kind,
      r.name,
      r.generation,
      ready.status,
      ready.reason,
      formText(r),
      r.relations.length === 0 ? "-" : r.relations.map(relationText).join(", "),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  const notReady = resources.filter((r) => r.ready?.status !== "True").length;
  const summary = `${resources.length} ${resources.length === 1 ? "resource" : "resources"}, ${notReady} not Ready`;
  return [line(header), ...rows.map(line), "", summary].join("\n");
}
