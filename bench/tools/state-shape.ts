// Terraform's own cost of a state shape, with no provider at all: N terraform_data resources
// whose `input` carries (a) the per-instance state shape the takoform_* resources had at schema
// version 0 (conditions as a list of 7-member objects, form_ref as an object, relations as a
// list of 5-member objects), (b) the flat shape of schema version 1 (ADR 0240: ready/reason/
// message as strings, conditions_json, form_ref as one string, relations_json), (c) identity and
// spec without any status, and (d) plain terraform_data with a one-string input. Each is applied once, then `terraform plan` is timed
// for the three in alternation (the order rotates every pair), and the script prints every run,
// the median/min/max wall time and CPU (user + system, GNU time) and the per-pair ratios to
// plain terraform_data, with the machine's load average beside each pair.
//
// usage: npx tsx bench/tools/state-shape.ts [--count 500] [--pairs 5]

import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { scratchDir } from "../lib/paths.js";
import { median } from "../lib/stats.js";
import { timedPlan } from "../terraform/timed-plan.js";

const { values } = parseArgs({ options: { count: { type: "string", default: "500" }, pairs: { type: "string", default: "5" } } });
const count = Number(values.count);
const pairs = Number(values.pairs);

const spec = `{
    script_name = "worker-\${count.index}"
    compatibility_date = "2025-01-01"
    main_module = "index.js"
    vars = { A = "1", B = "2" }
    bindings = [{ name = "KV", type = "kv_namespace", namespace = "kv-\${count.index}" }, { name = "DB", type = "sql_database", database = "db-\${count.index}" }]
  }`;
const ids = `uid = "0190a1b2-c3d4-7e5f-8a9b-\${format("%012d", count.index)}"
    generation = "3"
    revision = "7"
    space = "bench"
    name = "w-\${count.index}"
    outputs_json = "{\\"url\\":\\"https://w-\${count.index}.example\\"}"
    url = "https://w-\${count.index}.example"
    pending_operation_id = null`;

function condition(type: string): string {
  return `{ type = "${type}", status = "True", reason = "Ready", message = "The resource is ready.", host_reason = null, observed_generation = "3", last_transition_time = "2026-12-03T10:00:00Z" }`;
}

function relation(rel: string, kind: string): string {
  return `{ pointer = "/${rel}", relation = "${rel}", target_api_version = "edge.takoform.dev/v1beta1", target_kind = "${kind}", target_name = "t-\${count.index}" }`;
}

/** The v0 shape: nested objects and lists of objects. */
const v0 = `{
    ${ids}
    spec = ${spec}
    ready = true
    form_ref = { api_version = "edge.takoform.dev/v1beta1", kind = "WorkerVersion", definition_version = "1.0.0", schema_digest = "sha256:0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0" }
    conditions = [${condition("Ready")}, ${condition("RelationsResolved")}]
    relations = [${relation("worker", "Worker")}, ${relation("kv", "KVNamespace")}, ${relation("db", "SQLDatabase")}]
  }`;

/** The v1 shape: the same information as flat strings. */
const v1 = `{
    ${ids}
    spec = ${spec}
    ready = true
    ready_reason = "Ready"
    ready_message = "The resource is ready."
    form_ref = "edge.takoform.dev/v1beta1/WorkerVersion@1.0.0#sha256:0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"
    conditions_json = jsonencode([${condition("Ready")}, ${condition("RelationsResolved")}])
    relations_json = jsonencode([${relation("worker", "Worker")}, ${relation("kv", "KVNamespace")}, ${relation("db", "SQLDatabase")}])
  }`;

/** No status at all (identity and spec only): how much of a shape's cost is the status. */
const specOnly = `{
    ${ids}
    spec = ${spec}
  }`;

interface Variant {
  label: string;
  input: string;
  dir: string;
  ms: number[];
  cpu: number[];
}

const base = scratchDir("state-shape");
const variants: Variant[] = [
  { label: "terraform_data", input: `"x-\${count.index}"`, dir: "", ms: [], cpu: [] },
  { label: "v0 shape", input: v0, dir: "", ms: [], cpu: [] },
  { label: "v1 shape", input: v1, dir: "", ms: [], cpu: [] },
  { label: "spec only", input: specOnly, dir: "", ms: [], cpu: [] },
];
const env: NodeJS.ProcessEnv = { ...process.env, TF_IN_AUTOMATION: "1", CHECKPOINT_DISABLE: "1", TF_INPUT: "0" };
delete env["TF_LOG"];

const exec = promisify(execFile);
for (const v of variants) {
  v.dir = path.join(base, v.label.replace(/\W+/g, "-"));
  mkdirSync(v.dir);
  writeFileSync(path.join(v.dir, "main.tf"), `resource "terraform_data" "r" {\n  count = ${count}\n  input = ${v.input}\n}\n`);
  await exec("terraform", [`-chdir=${v.dir}`, "init", "-input=false", "-no-color"], { env });
  await exec("terraform", [`-chdir=${v.dir}`, "apply", "-auto-approve", "-input=false", "-no-color"], { env, maxBuffer: 1 << 26 });
}

const fmt = (n: number): string => n.toFixed(2);
const ratios: Record<string, { ms: number[]; cpu: number[] }> = Object.fromEntries(variants.slice(1).map((v) => [v.label, { ms: [], cpu: [] }]));
console.log(`${count} terraform_data resources per variant, ${pairs} alternating rounds, ${os.cpus().length} CPUs`);
for (let i = 0; i < pairs; i++) {
  const order = variants.map((_, k) => variants[(k + i) % variants.length]!);
  const load = os.loadavg()[0]!.toFixed(2);
  const round: Record<string, { ms: number; cpu: number }> = {};
  for (const v of order) {
    const r = await timedPlan(v.label, v.dir, env, { emptyOnly: true });
    v.ms.push(r.ms);
    v.cpu.push(r.cpu);
    round[v.label] = r;
  }
  const plain = round["terraform_data"]!;
  for (const label of Object.keys(ratios)) {
    ratios[label]!.ms.push(round[label]!.ms / plain.ms);
    ratios[label]!.cpu.push(round[label]!.cpu / plain.cpu);
  }
  console.log(
    `round ${i + 1} (load ${load}): ` + variants.map((v) => `${v.label} ${Math.round(round[v.label]!.ms)} ms / ${fmt(round[v.label]!.cpu)} s CPU`).join(", "),
  );
}
for (const v of variants) {
  console.log(
    `${v.label.padEnd(15)} wall median ${Math.round(median(v.ms))} ms (min ${Math.round(Math.min(...v.ms))}, max ${Math.round(Math.max(...v.ms))}); ` +
      `CPU median ${fmt(median(v.cpu))} s`,
  );
}
for (const [label, r] of Object.entries(ratios)) {
  console.log(
    `${label} / terraform_data: wall median ${fmt(median(r.ms))}x (min ${fmt(Math.min(...r.ms))}, max ${fmt(Math.max(...r.ms))}); ` +
      `CPU median ${fmt(median(r.cpu))}x (min ${fmt(Math.min(...r.cpu))}, max ${fmt(Math.max(...r.cpu))})`,
  );
}
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
