// Stands up a live Worker aggregate black-box, the way an author would: upload a bundle, create
// the ModuleWorker, the WorkerBundle revision, a WorkerVersion pinned to both, and a
// WorkerDeployment weighting it at 10000 basis points. Every spec is the pinned Form's shape
// with references to names this check allocated.

import type { InstalledForm } from "../../corpus/lib/index.js";
import { uploadProbeBundle } from "./artifacts.js";
import type { CheckContext } from "./context.js";
import type { Live, Plane } from "./lifecycle.js";

export function reference(form: InstalledForm, name: string): { apiVersion: string; kind: string; name: string } {
  return { apiVersion: form.ref.apiVersion, kind: form.ref.kind, name };
}

export interface WorkerAggregate {
  worker: Live;
  bundle: Live;
  version: Live;
  deployment: Live;
}

export async function standUpWorker(ctx: CheckContext, plane: Plane, space: string, handlers: string[]): Promise<WorkerAggregate> {
  const workerForm = ctx.form("ModuleWorker");
  const bundleForm = ctx.form("WorkerBundle");
  const versionForm = ctx.form("WorkerVersion");
  const deploymentForm = ctx.form("WorkerDeployment");
  const manifestDigest = await uploadProbeBundle(plane, handlers, ctx.names.key());
  const worker = await plane.create(workerForm.ref, ctx.name("worker"), space, {});
  const bundle = await plane.create(bundleForm.ref, ctx.name("bundle"), space, { manifestDigest });
  const version = await plane.create(versionForm.ref, ctx.name("version"), space, {
    bundle: reference(bundleForm, bundle.name),
    handlers,
    worker: reference(workerForm, worker.name),
  });
  const deployment = await plane.create(deploymentForm.ref, ctx.name("deploy"), space, {
    versions: [{ weight: 10000, workerVersion: reference(versionForm, version.name) }],
    worker: reference(workerForm, worker.name),
  });
  return { worker, bundle, version, deployment };
}

/** Deletes an aggregate's resources in dependency order (dependents first). */
export async function tearDown(plane: Plane, ...lives: Live[]): Promise<void> {
  for (const live of lives) {
    const current = await plane.fetch(live.ref, live.name, live.space);
    await plane.destroy(current);
  }
}
