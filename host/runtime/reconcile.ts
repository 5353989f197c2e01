// Reconcile: the stored desired state -> one running Miniflare instance (workerd).
//
// Blue/green: a new plan starts a NEW instance beside the serving one; only when it is ready does
// the gateway switch to it, and the old one is disposed after a short grace (or when the runtime
// closes). A plan workerd refuses (a module that does not load, a broken binding) never serves:
// the previous instance keeps serving and the failure is reported on the resources the plan
// changed. Reconciles run one at a time; requests during one coalesce into one more run.

import { Miniflare, type WorkerOptions } from "miniflare";
import path from "node:path";
import type { KindRegistry } from "../kinds/behaviour.js";
import type { ResourceRecord } from "../store/records.js";
import type { Store } from "../store/store.js";
import { readDesiredState } from "./desired.js";
import { FRONT_WORKER } from "./names.js";
import { buildPlan, versionKey, type PlanMemory, type RuntimePlan, type RuntimeProblem } from "./plan.js";
import { projectionsFor, type ProjectionDeps } from "./projection.js";
import { constructedIn, instanceTmpDir } from "./instance-tmp.js";
import { keepingHostSignals } from "./signals.js";

export interface ServingRuntime {
  mf: Miniflare;
  /** The front worker's socket in workerd (127.0.0.1); the gateway forwards here (front.ts). */
  url: URL;
  plan: RuntimePlan;
}

export interface ReconcileReport {
  /** A plan started serving (false: nothing changed, or it failed). */
  switched: boolean;
  problems: RuntimeProblem[];
  failure?: { message: string; affected: ResourceRecord[] };
}

export interface ReconcilerOptions {
  store: Store;
  dataDir: string;
  deps: Omit<ProjectionDeps, "desired">;
  /** The kind modules whose runtime projections the plan is built from. */
  kinds: KindRegistry;
  /** Extra shared Miniflare options (a hook). */
  sharedOptions?: () => Record<string, unknown>;
  /** Called at each switch; the report waits for what it returns (the gateway taking the new target). */
  onSwitch?: (serving: ServingRuntime) => void | Promise<void>;
  onReport?: (report: ReconcileReport) => void;
  graceMs?: number;
}

export class Reconciler {
  #serving: ServingRuntime | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #closed = false;
  /** Instances switched away from, each disposed when its timer fires (#retire) or at close. */
  readonly #retiring = new Map<Miniflare, NodeJS.Timeout>();
  readonly #memory: PlanMemory = { quarantined: new Set(), lastGood: new Map() };

  constructor(private readonly options: ReconcilerOptions) {}

  get serving(): ServingRuntime | undefined {
    return this.#serving;
  }

  /** Asks for a reconcile; resolves when one that started after this call has finished. */
  request(): Promise<void> {
    if (this.#running !== undefined) {
      this.#again = true;
      return this.#running.then(() => this.#running ?? Promise.resolve());
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false;
          try {
            await this.#reconcileOnce();
          } catch (error) {
            // Whatever failed (reading the store, a plan), what serves keeps serving; a caller
            // awaiting the reconcile (a commit, the watchdog) is never handed a rejection.
            this.options.onReport?.({ switched: false, problems: [], failure: failureOf(error, []) });
          }
        } while (this.#again && !this.#closed);
      } finally {
        this.#running = undefined;
      }
    })();
    return this.#running;
  }

  /**
   * One reconcile. When workerd refuses a plan, the versions it added are quarantined (their
   * deployments keep their last good workers) and the rest of the plan is tried once more, so one
   * tenant's broken version never holds back everybody else's changes.
   */
  async #reconcileOnce(): Promise<void> {
    if (this.#closed) return;
    await this.options.store.settled().catch(() => undefined);
    const desired = readDesiredState(this.options.store);
    const projectionOf = await projectionsFor(this.options.kinds, desired.records);
    const failure = await this.#attempt(buildPlan({ ...this.options.deps, desired }, projectionOf, this.#memory));
    if (failure === undefined || failure.affected.length === 0) return;
    for (const record of failure.affected) this.#memory.quarantined.add(versionKey(record));
    const retry = await this.#attempt(buildPlan({ ...this.options.deps, desired }, projectionOf, this.#memory), failure);
    if (retry !== undefined) console.error(`takoform runtime: reconcile failed twice: ${retry.message.split("\n")[0]}`);
  }

  async #attempt(plan: RuntimePlan, earlier?: ReconcileReport["failure"]): Promise<ReconcileReport["failure"]> {
    const previous = this.#serving;
    if (previous !== undefined && previous.plan.fingerprint === plan.fingerprint) {
      this.#serving = { ...previous, plan };
      await this.options.onSwitch?.(this.#serving);
      this.options.onReport?.({ switched: false, problems: plan.problems, ...(earlier === undefined ? {} : { failure: earlier }) });
      return undefined;
    }
    let mf: Miniflare | undefined;
    try {
      const options = this.#miniflareOptions(plan.workers);
      mf = keepingHostSignals(() => constructedIn(instanceTmpDir(this.options.dataDir), () => new Miniflare(options)));
      await mf.ready;
      const url = await mf.unsafeGetDirectURL(FRONT_WORKER);
      this.#serving = { mf, url, plan };
    } catch (error) {
      await mf?.dispose().catch(() => undefined);
      const failure = failureOf(error, changedResources(previous?.plan, plan));
      this.options.onReport?.({ switched: false, problems: plan.problems, failure });
      return failure;
    }
    for (const [uid, group] of plan.fresh) this.#memory.lastGood.set(uid, group);
    await this.options.onSwitch?.(this.#serving);
    this.options.onReport?.({ switched: true, problems: plan.problems, ...(earlier === undefined ? {} : { failure: earlier }) });
    if (previous !== undefined) this.#retire(previous.mf);
    return undefined;
  }

  /**
   * Kills the serving instance when it is the one at `url` (it stopped answering: watchdog.ts) and
   * starts the same plan again in a fresh instance; resolves once that serves (or failed).
   */
  async replaceStalled(url: URL): Promise<void> {
    const stalled = this.#serving;
    if (stalled === undefined || stalled.url.href !== url.href) return;
    this.#serving = undefined;
    await stalled.mf.dispose().catch(() => undefined);
    await this.request();
  }

  /**
   * Disposes an instance the gateway no longer sends to once its grace has passed (requests it
   * took before the switch finish). close() disposes it at once: a workerd left waiting for an
   * unref'd timer would outlive the host when the process exits within the grace.
   */
  #retire(mf: Miniflare): void {
    const timer = setTimeout(() => {
      this.#retiring.delete(mf);
      void mf.dispose().catch(() => undefined);
    }, this.options.graceMs ?? 5000);
    timer.unref();
    this.#retiring.set(mf, timer);
  }

  #miniflareOptions(workers: WorkerOptions[]): ConstructorParameters<typeof Miniflare>[0] {
    const dir = path.join(this.options.dataDir, "runtime");
    return {
      host: "127.0.0.1",
      port: 0,
      log: undefined,
      kvPersist: path.join(dir, "kv"),
      r2Persist: path.join(dir, "objects"),
      durableObjectsPersist: path.join(dir, "durable-objects"),
      cachePersist: path.join(dir, "cache"),
      ...(this.options.sharedOptions?.() ?? {}),
      workers,
    } as ConstructorParameters<typeof Miniflare>[0];
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#running?.catch(() => undefined);
    const retiring = [...this.#retiring];
    this.#retiring.clear();
    for (const [, timer] of retiring) clearTimeout(timer);
    const instances = [...retiring.map(([mf]) => mf), ...(this.#serving === undefined ? [] : [this.#serving.mf])];
    this.#serving = undefined;
    await Promise.all(instances.map((mf) => mf.dispose().catch(() => undefined)));
  }
}

/** A report's failure: what was thrown (its first 2,000 characters) and the resources it is put down to. */
function failureOf(error: unknown, affected: ResourceRecord[]): NonNullable<ReconcileReport["failure"]> {
  const message = error instanceof Error ? error.message : String(error);
  return { message: message.slice(0, 2000), affected };
}

/** The versions and deployments a failed plan adds or changes relative to the serving one. */
export function changedResources(previous: RuntimePlan | undefined, next: RuntimePlan): ResourceRecord[] {
  const known = new Set<string>();
  for (const target of previous?.targets.values() ?? []) for (const v of target.versions) known.add(versionKey(v.record));
  const affected: ResourceRecord[] = [];
  for (const target of next.targets.values()) {
    for (const v of target.versions) if (!known.has(versionKey(v.record))) affected.push(v.record);
  }
  return affected;
}
