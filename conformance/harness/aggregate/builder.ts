// Stands Worker aggregates up black-box, the way an author would: a ModuleWorker, a WorkerBundle
// naming a pinned bundle's manifest digest, WorkerVersions pinned to both, a WorkerDeployment
// weighting them, and the attachments activated against the worker. Every resource the builder
// (or a check, through track) creates is remembered and removed by cleanup(), dependents first.

import type { InstalledForm } from "../../../corpus/lib/index.js";
import { expectEqual, expectStatus, fail } from "../assert.js";
import type { CheckContext } from "../context.js";
import { describeResponse, errorOf } from "../http.js";
import { liveFrom, resourceDoc, type Live, type Plane } from "../lifecycle.js";
import { pinnedManifestDigest } from "./artifact-source.js";
import type { PinnedArtifactName } from "./pinned-artifacts.js";
import {
  consumerSpec,
  cronSpec,
  customDomainSpec,
  deploymentSpec,
  endpointSpec,
  requiredSpec,
  storedSpec,
  versionSpec,
  type Reference,
  type VersionSpecInput,
} from "./specs.js";

export interface ServingAggregate {
  worker: Live;
  bundle: Live;
  version: Live;
  deployment: Live;
}

interface Created {
  live: Live;
  plane: Plane;
}

/** An attachment a check may try against a worker: the Form, a free name, the spec, the gating handler. */
export interface AttachmentProbe {
  kind: "WorkerCustomDomain" | "WorkerEndpoint" | "WorkerCronTrigger" | "QueueConsumer";
  handler: "fetch" | "scheduled" | "queue";
  form: InstalledForm;
  name: string;
  spec: Record<string, unknown>;
}

export class AggregateBuilder {
  constructor(
    readonly ctx: CheckContext,
    readonly plane: Plane,
    readonly space: string,
    private readonly created: Created[] = [],
  ) {}

  /** A builder for another caller or space that shares this one's cleanup list. */
  with(plane: Plane, space = this.space): AggregateBuilder {
    return new AggregateBuilder(this.ctx, plane, space, this.created);
  }

  /** A builder for another space of the same caller, sharing the cleanup list. */
  in(space: string): AggregateBuilder {
    return this.with(this.plane, space);
  }

  /** Remembers a resource a check created itself (with this builder's caller), for cleanup. */
  track(live: Live): Live {
    this.created.push({ live, plane: this.plane });
    return live;
  }

  /**
   * Creates `spec` under `form`, named `name` or a fresh name from `hint`; the stored spec must be
   * the materialized one.
   */
  async create(form: InstalledForm, hint: string, spec: Record<string, unknown>, name: string = this.ctx.name(hint)): Promise<Live> {
    const live = this.track(await this.plane.create(form.ref, name, this.space, spec));
    expectEqual(live.body.spec, storedSpec(this.ctx, form, spec), `spec stored for the created ${form.ref.kind} ${live.name}`);
    return live;
  }

  /**
   * Prepares a create now and returns its apply, so a check can later send it as ONE request: a
   * move inside an accept/commit window then costs a single round trip, whatever the host's load.
   */
  async prepareCreate(form: InstalledForm, hint: string, spec: Record<string, unknown>): Promise<() => Promise<Live>> {
    const name = this.ctx.name(hint);
    const doc = resourceDoc(form.ref, name, this.space, spec);
    const digest = await this.plane.prepareDigest(doc, { create: true }, `prepare of ${form.ref.kind} ${name}`);
    return async () => {
      const res = await this.plane.settle(await this.plane.apply(doc, digest, { create: true }));
      expectStatus(res, 201, `create of ${form.ref.kind} ${name}`);
      const live = this.track(liveFrom(res, `create of ${form.ref.kind} ${name}`));
      expectEqual(live.body.spec, storedSpec(this.ctx, form, spec), `spec stored for the created ${form.ref.kind} ${live.name}`);
      return live;
    };
  }

  /** A ModuleWorker under the lowest pinned definition version, or under `form`. */
  worker(form: InstalledForm = this.ctx.form("ModuleWorker"), name?: string): Promise<Live> {
    return this.create(form, "worker", requiredSpec(this.ctx, form), name);
  }

  /** A WorkerBundle naming the manifest digest of a pinned bundle artifact (uploaded when the host serves uploads). */
  async bundle(artifact: PinnedArtifactName = "worker-bundles/all-handlers"): Promise<Live> {
    const form = this.ctx.form("WorkerBundle");
    const { manifestDigest } = await pinnedManifestDigest(this.ctx, this.plane, artifact);
    return this.create(form, "bundle", requiredSpec(this.ctx, form, { manifestDigest }));
  }

  /** A StaticAssetBundle naming a pinned asset artifact. */
  async staticAssets(artifact: PinnedArtifactName): Promise<Live> {
    const form = this.ctx.form("StaticAssetBundle");
    const { manifestDigest } = await pinnedManifestDigest(this.ctx, this.plane, artifact);
    return this.create(form, "assets", requiredSpec(this.ctx, form, { manifestDigest }));
  }

  version(input: VersionSpecInput, name?: string): Promise<Live> {
    return this.create(this.ctx.form("WorkerVersion"), "version", versionSpec(this.ctx, input), name);
  }

  deployment(worker: Live | Reference, entries: readonly (readonly [Live | Reference, number])[]): Promise<Live> {
    return this.create(this.ctx.form("WorkerDeployment"), "deploy", deploymentSpec(this.ctx, worker, entries));
  }

  /** A worker whose active deployment weights one version declaring `handlers` at 10000. */
  async serving(handlers: readonly string[], artifact: PinnedArtifactName = "worker-bundles/all-handlers"): Promise<ServingAggregate> {
    const worker = await this.worker();
    const bundle = await this.bundle(artifact);
    const version = await this.version({ worker, bundle, handlers });
    const deployment = await this.deployment(worker, [[version, 10000]]);
    return { worker, bundle, version, deployment };
  }

  /** A resource of a Form without relations, from its pinned canonical fixture. */
  plain(kind: string, name?: string): Promise<Live> {
    const form = this.ctx.form(kind);
    return this.create(form, kind, requiredSpec(this.ctx, form), name);
  }

  endpoint(worker: Live | Reference): Promise<Live> {
    return this.create(this.ctx.form("WorkerEndpoint"), "endpoint", endpointSpec(this.ctx, worker));
  }

  customDomain(worker: Live | Reference, hostname: string): Promise<Live> {
    return this.create(this.ctx.form("WorkerCustomDomain"), "domain", customDomainSpec(this.ctx, worker, hostname));
  }

  cron(worker: Live | Reference, cron: string): Promise<Live> {
    return this.create(this.ctx.form("WorkerCronTrigger"), "cron", cronSpec(this.ctx, worker, cron));
  }

  consumer(queue: Live | Reference, worker: Live | Reference, deadLetter?: Live | Reference): Promise<Live> {
    return this.create(this.ctx.form("QueueConsumer"), "consumer", consumerSpec(this.ctx, queue, worker, deadLetter));
  }

  /**
   * One desired spec per inward-activation attachment against `worker`, with the handler the spec
   * gates it on (a fresh queue is created for the consumer). Names are fresh for each call.
   */
  async attachments(worker: Live | Reference): Promise<AttachmentProbe[]> {
    const queue = await this.plain("AtLeastOnceQueue");
    return [
      {
        kind: "WorkerCustomDomain",
        handler: "fetch",
        form: this.ctx.form("WorkerCustomDomain"),
        name: this.ctx.name("domain"),
        spec: customDomainSpec(this.ctx, worker, this.ctx.names.hostname()),
      },
      {
        kind: "WorkerEndpoint",
        handler: "fetch",
        form: this.ctx.form("WorkerEndpoint"),
        name: this.ctx.name("endpoint"),
        spec: endpointSpec(this.ctx, worker),
      },
      {
        kind: "WorkerCronTrigger",
        handler: "scheduled",
        form: this.ctx.form("WorkerCronTrigger"),
        name: this.ctx.name("cron"),
        spec: cronSpec(this.ctx, worker, "*/5 * * * *"),
      },
      {
        kind: "QueueConsumer",
        handler: "queue",
        form: this.ctx.form("QueueConsumer"),
        name: this.ctx.name("consumer"),
        spec: consumerSpec(this.ctx, queue, worker),
      },
    ];
  }

  /**
   * Deletes everything remembered that still exists, newest first. A delete refused with
   * dependency_in_use waits for a later pass (a re-pinned relation may hold an older resource);
   * a pass that removes nothing, or any other refusal, fails the check.
   */
  async cleanup(): Promise<void> {
    let remaining = [...this.created].reverse();
    this.created.length = 0;
    while (remaining.length > 0) {
      const blocked: Created[] = [];
      const reasons: string[] = [];
      for (const entry of remaining) {
        const { live, plane } = entry;
        const read = await plane.read(live.ref, live.name, live.space);
        if (read.status === 404 && errorOf(read)?.code === "resource_not_found") continue;
        if (read.status !== 200) fail(`cleanup: read of ${live.ref.kind} ${live.name}: ${describeResponse(read)}`);
        const current = liveFrom(read, "cleanup read");
        const res = await plane.settle(await plane.remove(current.ref, current.name, current.space, { generation: current.generation }));
        if (res.status === 204) continue;
        if (errorOf(res)?.code === "dependency_in_use") {
          blocked.push(entry);
          reasons.push(`${live.ref.kind} ${live.name}: ${errorOf(res)?.message ?? ""}`);
          continue;
        }
        fail(`cleanup: delete of ${live.ref.kind} ${live.name}: ${describeResponse(res)}`);
      }
      if (blocked.length === remaining.length) fail(`cleanup: nothing more could be deleted; still held: ${reasons.join("; ")}`);
      remaining = blocked;
    }
  }
}

/** Builds with `ctx.primary` in the run's space, unless told otherwise. */
export function builder(ctx: CheckContext, plane: Plane = ctx.primary, space: string = ctx.space): AggregateBuilder {
  return new AggregateBuilder(ctx, plane, space);
}
