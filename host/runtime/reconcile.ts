// Reconcile: the stored desired state -> one running Miniflare instance (workerd) per tenant, a
// cell (cells.ts, ADR 0300).
//
// Blue/green per cell: a cell whose plan changed starts a NEW instance beside the serving one;
// only when it is ready does the gateway send that tenant's hostnames to it, and the old one is
// disposed after a short grace (or when the runtime closes). Cells whose plan did not change keep
// their instance. A plan workerd refuses (a module that does not load, a broken binding) never
// serves: the cell's previous instance keeps serving and the failure is reported on the resources
// the plan changed. Reconciles run one at a time; requests during one coalesce into one more run.

import type { Readable } from "node:stream";
import { Miniflare, type WorkerOptions } from "miniflare";
import path from "node:path";
import type { KindRegistry } from "../kinds/behaviour.js";
import type { ResourceRecord } from "../store/records.js";
import type { Store } from "../store/store.js";
import type { CellPlan } from "./cells.js";
import { readDesiredState } from "./desired.js";
import { FRONT_WORKER } from "./names.js";
import { buildPlan, versionKey, type PlanMemory, type RuntimePlan, type RuntimeProblem } from "./plan.js";
import { projectionsFor, type ProjectionDeps, type ProjectionOf } from "./projection.js";
import { blobAreaRoot } from "./store-layout.js";
import { constructedIn, instanceTmpDir } from "./instance-tmp.js";
import { keepingHostSignals } from "./signals.js";
import { afterStall, DEFAULT_STALL_POLICY, type StallPolicy, type TenantStalls } from "./stall-policy.js";

/** One tenant's serving workerd instance. */
export interface ServingCell {
  tenant: string;
  mf: Miniflare;
  /** The front worker's socket in this instance (127.0.0.1); the gateway forwards here (front.ts). */
  url: URL;
  plan: CellPlan;
}

/** What serves now: the serving cells, and the tenants whose cell is down (being started again). */
export interface ServingState {
  cells: ReadonlyMap<string, ServingCell>;
  /** Tenant -> the hostnames of its cell that has no instance now (the gateway answers them 503). */
  down: ReadonlyMap<string, readonly string[]>;
  /** Tenant -> until when its workers are held (it kept stalling; stall-policy.ts). */
  held: ReadonlyMap<string, number>;
  /** The plan the cells come from (hostname claims: the CLI's "serving" lines). */
  plan: RuntimePlan;
}

export interface ReconcileReport {
  /** A cell started serving a new plan (false: nothing changed, or it failed). */
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
  /** Takes a tenant's workerd output (worker-output.ts); without it Miniflare prints it as it comes. */
  output?: (tenant: string, stdout: Readable, stderr: Readable) => void;
  /** Called whenever what serves changes; the report waits for what it returns (the gateway taking the new routes). */
  onSwitch?: (serving: ServingState) => void | Promise<void>;
  /** Every reconcile's stored records and their projections, read before its plan is built. */
  onDesired?: (records: readonly ResourceRecord[], projectionOf: ProjectionOf) => void;
  onReport?: (report: ReconcileReport) => void;
  graceMs?: number;
  /** When a tenant's workerd that keeps stalling is held instead of started again (stall-policy.ts). */
  stallPolicy?: StallPolicy;
  /** The clock holds are read against (default Date.now). */
  now?: () => number;
}

/** What a stall replacement did: whose cell it was, and until when its workers are held (if they are). */
export interface StallOutcome {
  tenant: string;
  heldUntil?: number;
}

export class Reconciler {
  readonly #cells = new Map<string, ServingCell>();
  readonly #down = new Map<string, readonly string[]>();
  readonly #stalls = new Map<string, TenantStalls>();
  /** Tenant -> until when its cell is not started (it kept stalling), and the cell's fingerprint then. */
  readonly #held = new Map<string, { until: number; fingerprint: string }>();
  readonly #holdTimers = new Set<NodeJS.Timeout>();
  #plan: RuntimePlan | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #closed = false;
  /** Instances switched away from, each disposed when its timer fires (#retire) or at close. */
  readonly #retiring = new Map<Miniflare, NodeJS.Timeout>();
  readonly #memory: PlanMemory = { quarantined: new Set(), lastGood: new Map() };

  constructor(private readonly options: ReconcilerOptions) {}

  /** What serves now (undefined before the first plan). */
  get serving(): ServingState | undefined {
    if (this.#plan === undefined) return undefined;
    const held = new Map([...this.#held].map(([tenant, hold]) => [tenant, hold.until]));
    return { cells: this.#cells, down: this.#down, held, plan: this.#plan };
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
   * One reconcile. When workerd refuses a cell's plan, the versions it added are quarantined (their
   * deployments keep their last good workers) and the rest of the plan is tried once more, so one
   * broken version never holds back the rest of its tenant's changes.
   */
  async #reconcileOnce(): Promise<void> {
    if (this.#closed) return;
    await this.options.store.settled().catch(() => undefined);
    const desired = readDesiredState(this.options.store);
    const projectionOf = await projectionsFor(this.options.kinds, desired.records);
    this.options.onDesired?.(desired.records, projectionOf);
    const failure = await this.#attempt(buildPlan({ ...this.options.deps, desired }, projectionOf, this.#memory));
    if (failure === undefined || failure.affected.length === 0) return;
    for (const record of failure.affected) this.#memory.quarantined.add(versionKey(record));
    const retry = await this.#attempt(buildPlan({ ...this.options.deps, desired }, projectionOf, this.#memory), failure);
    if (retry !== undefined) console.error(`takoform runtime: reconcile failed twice: ${retry.message.split("\n")[0]}`);
  }

  /** Starts the cells whose plan changed (in parallel), keeps the rest, retires the cells gone. */
  async #attempt(plan: RuntimePlan, earlier?: ReconcileReport["failure"]): Promise<ReconcileReport["failure"]> {
    const now = this.#now();
    // A hold ends when its time is up, or when the tenant deploys something else (a fix).
    for (const [tenant, hold] of this.#held)
      if (hold.until <= now || (plan.cells.get(tenant)?.fingerprint ?? hold.fingerprint) !== hold.fingerprint) this.#held.delete(tenant);
    const held = [...plan.cells.values()].filter((cell) => this.#held.has(cell.tenant));
    const changed = [...plan.cells.values()].filter(
      (cell) => !this.#held.has(cell.tenant) && this.#cells.get(cell.tenant)?.plan.fingerprint !== cell.fingerprint,
    );
    const started = await Promise.all(changed.map((cell) => this.#start(cell)));
    const failures: NonNullable<ReconcileReport["failure"]>[] = [];
    const failed = new Set<string>();
    const retired: Miniflare[] = [];
    for (const [index, cell] of changed.entries()) {
      const outcome = started[index]!;
      const previous = this.#cells.get(cell.tenant);
      if ("error" in outcome) {
        failures.push(failureOf(outcome.error, changedResources(previous?.plan, cell)));
        failed.add(cell.tenant);
        continue;
      }
      this.#cells.set(cell.tenant, outcome.serving);
      this.#down.delete(cell.tenant);
      if (previous !== undefined) retired.push(previous.mf);
    }
    // Unchanged cells take the new plan's crons and consumers (they are not in the fingerprint).
    for (const cell of plan.cells.values()) {
      const serving = this.#cells.get(cell.tenant);
      if (serving !== undefined && serving.plan.fingerprint === cell.fingerprint) this.#cells.set(cell.tenant, { ...serving, plan: cell });
    }
    for (const [tenant, serving] of [...this.#cells]) {
      if (plan.cells.has(tenant)) continue;
      this.#cells.delete(tenant);
      retired.push(serving.mf);
    }
    for (const cell of held) {
      const serving = this.#cells.get(cell.tenant);
      if (serving !== undefined) retired.push(serving.mf);
      this.#cells.delete(cell.tenant);
      this.#down.set(cell.tenant, cell.hostnames);
    }
    for (const tenant of [...this.#down.keys()]) if (!plan.cells.has(tenant)) this.#down.delete(tenant);
    for (const [uid, group] of plan.fresh) if (!failed.has(group.target.tenant)) this.#memory.lastGood.set(uid, group);
    this.#plan = plan;
    await this.options.onSwitch?.(this.serving!);
    const failure = failures.length === 0 ? undefined : { message: failures.map((f) => f.message).join("\n"), affected: failures.flatMap((f) => f.affected) };
    this.options.onReport?.({
      switched: started.some((outcome) => !("error" in outcome)),
      problems: [...plan.problems, ...held.flatMap((cell) => heldProblems(cell, this.#held.get(cell.tenant)!.until, this.#policy))],
      ...(failure !== undefined ? { failure } : earlier !== undefined ? { failure: earlier } : {}),
    });
    for (const mf of retired) this.#retire(mf);
    return failure;
  }

  /** A fresh instance of one cell, ready to serve, or why workerd refused it. */
  async #start(cell: CellPlan): Promise<{ serving: ServingCell } | { error: unknown }> {
    let mf: Miniflare | undefined;
    try {
      const options = this.#miniflareOptions(cell.workers, cell.tenant);
      mf = keepingHostSignals(() => constructedIn(instanceTmpDir(this.options.dataDir), () => new Miniflare(options)));
      await mf.ready;
      const url = await mf.unsafeGetDirectURL(FRONT_WORKER);
      return { serving: { tenant: cell.tenant, mf, url, plan: cell } };
    } catch (error) {
      await mf?.dispose().catch(() => undefined);
      return { error };
    }
  }

  get #policy(): StallPolicy {
    return this.options.stallPolicy ?? DEFAULT_STALL_POLICY;
  }

  /**
   * Kills the cell serving at `url` (it stopped answering, or held too much memory: watchdog.ts) and starts its plan again
   * in a fresh instance, unless its tenant has now stalled too often (stall-policy.ts): then its
   * workers are held until the returned time, or until the tenant deploys a change, and start
   * again then. `decided` hears which, before anything is stopped. Resolves once the cell serves
   * (or failed, or is held). Meanwhile its hostnames answer 503.
   */
  async replaceStalled(url: URL, decided: (outcome: StallOutcome) => void = () => undefined): Promise<StallOutcome | undefined> {
    const stalled = [...this.#cells.values()].find((cell) => cell.url.href === url.href);
    if (stalled === undefined) return undefined;
    const now = this.#now();
    const verdict = afterStall(this.#stalls.get(stalled.tenant), now, this.#policy);
    this.#stalls.set(stalled.tenant, verdict.stalls);
    if (verdict.heldUntil !== undefined) {
      this.#held.set(stalled.tenant, { until: verdict.heldUntil, fingerprint: stalled.plan.fingerprint });
      const timer = setTimeout(() => {
        this.#holdTimers.delete(timer);
        if (!this.#closed) void this.request();
      }, verdict.heldUntil - now);
      timer.unref();
      this.#holdTimers.add(timer);
    }
    const outcome: StallOutcome = { tenant: stalled.tenant, ...(verdict.heldUntil === undefined ? {} : { heldUntil: verdict.heldUntil }) };
    decided(outcome);
    this.#cells.delete(stalled.tenant);
    this.#down.set(stalled.tenant, stalled.plan.hostnames);
    await this.options.onSwitch?.(this.serving!);
    await stalled.mf.dispose().catch(() => undefined);
    await this.request();
    return outcome;
  }

  /** The clock holds are read against. */
  #now(): number {
    return (this.options.now ?? Date.now)();
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

  #miniflareOptions(workers: WorkerOptions[], tenant: string): ConstructorParameters<typeof Miniflare>[0] {
    const dir = path.join(this.options.dataDir, "runtime");
    const output = this.options.output;
    return {
      host: "127.0.0.1",
      port: 0,
      log: undefined,
      ...(output === undefined ? {} : { handleRuntimeStdio: (stdout: Readable, stderr: Readable) => output(tenant, stdout, stderr) }),
      kvPersist: blobAreaRoot(this.options.dataDir, "kv"),
      r2Persist: blobAreaRoot(this.options.dataDir, "objects"),
      durableObjectsPersist: path.join(dir, "durable-objects"),
      cachePersist: path.join(dir, "cache"),
      ...(this.options.sharedOptions?.() ?? {}),
      workers,
    } as ConstructorParameters<typeof Miniflare>[0];
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#running?.catch(() => undefined);
    for (const timer of this.#holdTimers) clearTimeout(timer);
    this.#holdTimers.clear();
    const retiring = [...this.#retiring];
    this.#retiring.clear();
    for (const [, timer] of retiring) clearTimeout(timer);
    const instances = [...retiring.map(([mf]) => mf), ...[...this.#cells.values()].map((cell) => cell.mf)];
    this.#cells.clear();
    await Promise.all(instances.map((mf) => mf.dispose().catch(() => undefined)));
  }
}

/** The problem a held cell reports on each of its tenant's workers (their Ready condition says why and until when). */
export function heldProblems(cell: Pick<CellPlan, "targets">, until: number, policy: StallPolicy): RuntimeProblem[] {
  const workers = new Map<string, ResourceRecord>();
  for (const target of cell.targets.values()) workers.set(target.worker.uid, target.worker);
  const message =
    `its tenant's workerd had to be replaced ${policy.limit} times within ${Math.round(policy.windowMs / 1000)} s ` +
    `(it stopped answering, as a handler that never yields does, or its workers held more memory than their limit); ` +
    `the tenant's workers are held until ${new Date(until).toISOString()} and start again then`;
  return [...workers.values()].map((record) => ({ record, message }));
}

/** A report's failure: what was thrown (its first 2,000 characters) and the resources it is put down to. */
function failureOf(error: unknown, affected: ResourceRecord[]): NonNullable<ReconcileReport["failure"]> {
  const message = error instanceof Error ? error.message : String(error);
  return { message: message.slice(0, 2000), affected };
}

/** The versions a failed cell plan adds or changes relative to the serving one. */
export function changedResources(previous: Pick<CellPlan, "targets"> | undefined, next: Pick<CellPlan, "targets">): ResourceRecord[] {
  const known = new Set<string>();
  for (const target of previous?.targets.values() ?? []) for (const v of target.versions) known.add(versionKey(v.record));
  const affected: ResourceRecord[] = [];
  for (const target of next.targets.values()) {
    for (const v of target.versions) if (!known.has(versionKey(v.record))) affected.push(v.record);
  }
  return affected;
}
