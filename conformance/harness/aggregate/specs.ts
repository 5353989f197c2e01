// Desired specs of the Worker aggregate and its neighbours, built from the PINNED Form Packages:
// the package's canonical fixture, reduced to the members its desiredSchema requires, then the
// check's own members (references to names the check allocated) laid over it. Nothing here comes
// from what a host served.

import type { InstalledForm } from "../../../corpus/lib/index.js";
import type { CheckContext } from "../context.js";
import type { Live } from "../lifecycle.js";

export interface Reference {
  apiVersion: string;
  kind: string;
  name: string;
}

/** The closed {apiVersion, kind, name} reference to a resource a check stood up. */
export function referenceTo(target: Live | { ref: { apiVersion: string; kind: string }; name: string }): Reference {
  return { apiVersion: target.ref.apiVersion, kind: target.ref.kind, name: target.name };
}

/** A reference to `name` of the pinned Form `kind` (for names nothing holds). */
export function referenceByName(ctx: CheckContext, kind: string, name: string): Reference {
  const form = ctx.form(kind);
  return { apiVersion: form.ref.apiVersion, kind: form.ref.kind, name };
}

/**
 * The pinned canonical fixture of `form` keeping only the members its desiredSchema requires,
 * with `overrides` laid over it. An override of `undefined` removes the member.
 */
export function requiredSpec(ctx: CheckContext, form: InstalledForm, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const canonical = structuredClone(ctx.corpus.canonical(form));
  const required = new Set((form.definition.desiredSchema["required"] ?? []) as string[]);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(canonical)) if (required.has(k)) out[k] = v;
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

export interface VersionSpecInput {
  worker: Live | Reference;
  bundle: Live | Reference;
  handlers: readonly string[];
  /** Optional members (vars, bindings, assets). */
  extra?: Record<string, unknown>;
}

function asReference(x: Live | Reference): Reference {
  return "ref" in x ? referenceTo(x) : x;
}

export function versionSpec(ctx: CheckContext, input: VersionSpecInput): Record<string, unknown> {
  return requiredSpec(ctx, ctx.form("WorkerVersion"), {
    worker: asReference(input.worker),
    bundle: asReference(input.bundle),
    handlers: [...input.handlers],
    ...(input.extra ?? {}),
  });
}

/** versions[] entries: [version, weight] pairs, in order. */
export function deploymentSpec(
  ctx: CheckContext,
  worker: Live | Reference,
  entries: readonly (readonly [Live | Reference, number])[],
): Record<string, unknown> {
  return requiredSpec(ctx, ctx.form("WorkerDeployment"), {
    worker: asReference(worker),
    versions: entries.map(([version, weight]) => ({ workerVersion: asReference(version), weight })),
  });
}

export function endpointSpec(ctx: CheckContext, worker: Live | Reference): Record<string, unknown> {
  return requiredSpec(ctx, ctx.form("WorkerEndpoint"), { worker: asReference(worker) });
}

/** The canonical spelling of a hostname (decision 0026): no trailing root dot, ASCII letters lowercased. */
export function canonicalHostname(hostname: string): string {
  return hostname.replace(/\.$/, "").replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** The desired state a host must store for `spec` of `form`: pinned defaults materialized, hostnames canonical. */
export function storedSpec(ctx: CheckContext, form: InstalledForm, spec: Record<string, unknown>): Record<string, unknown> {
  const out = ctx.corpus.materialize(form, structuredClone(spec));
  if (form.ref.kind === "WorkerCustomDomain" && typeof out["hostname"] === "string") out["hostname"] = canonicalHostname(out["hostname"]);
  return out;
}

export function customDomainSpec(ctx: CheckContext, worker: Live | Reference, hostname: string): Record<string, unknown> {
  return requiredSpec(ctx, ctx.form("WorkerCustomDomain"), { worker: asReference(worker), hostname });
}

export function cronSpec(ctx: CheckContext, worker: Live | Reference, cron: string): Record<string, unknown> {
  return requiredSpec(ctx, ctx.form("WorkerCronTrigger"), { worker: asReference(worker), cron });
}

export function consumerSpec(
  ctx: CheckContext,
  queue: Live | Reference,
  worker: Live | Reference,
  deadLetter?: Live | Reference,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return requiredSpec(ctx, ctx.form("QueueConsumer"), {
    queue: asReference(queue),
    worker: asReference(worker),
    ...(deadLetter === undefined ? {} : { deadLetterQueue: asReference(deadLetter) }),
    ...extra,
  });
}

/** A binding-list entry {name, resource}. */
export function bindingEntry(name: string, target: Live | Reference): { name: string; resource: Reference } {
  return { name, resource: asReference(target) };
}
