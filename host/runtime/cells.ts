// Cells: one workerd instance per tenant (ADR 0300). workerd runs the isolates of an instance on
// one thread and its open-source build enforces no CPU limit, so a worker that never yields stops
// every worker of its instance. Giving each tenant an instance of its own confines that to the
// tenant whose code spins: the watchdog replaces that tenant's instance and no other (watchdog.ts),
// and a deploy starts the deploying tenant's workers again, not every tenant's.
//
// A cell is the part of the plan one tenant's instance runs: its deployments' workers (versions,
// routers, binding wrappers), the host's not-found, front and egress workers, and the cron
// triggers and queue consumers that fire into its deployments. Its fingerprint is what decides
// whether a reconcile starts the cell again.

import type { WorkerOptions } from "miniflare";
import type { CronPlan } from "./cron-scheduler.js";
import { EGRESS_OPTIONS } from "./egress.js";
import { frontWorker, routeTable } from "./front.js";
import type { DeploymentTarget } from "./projection.js";
import type { ConsumerPlan } from "./queue-delivery.js";

export interface CellPlan {
  tenant: string;
  /** Every worker the cell's workerd runs, the host's own (not-found, front, egress) included. */
  workers: WorkerOptions[];
  /** The hostnames the cell's front worker routes (the gateway sends their connections here). */
  hostnames: string[];
  /** Router worker name -> its deployment, for the cell's deployments. */
  targets: Map<string, DeploymentTarget>;
  consumers: { plan: ConsumerPlan; router: string }[];
  crons: { plan: CronPlan; router: string }[];
  fingerprint: string;
}

export interface CellInputs {
  /** Every worker of the plan, shared ones (the not-found worker) included. */
  workers: readonly WorkerOptions[];
  /** Worker name -> the tenant whose deployment runs it; a worker without one is in every cell. */
  tenantOf: ReadonlyMap<string, string>;
  targets: ReadonlyMap<string, DeploymentTarget>;
  consumers: readonly { plan: ConsumerPlan; router: string }[];
  crons: readonly { plan: CronPlan; router: string }[];
  fingerprint: (workers: readonly WorkerOptions[]) => string;
}

/** The plan split by tenant: one cell per tenant that runs at least one deployment. */
export function cellsOf(inputs: CellInputs): Map<string, CellPlan> {
  const shared = inputs.workers.filter((options) => !inputs.tenantOf.has(options.name!));
  const cells = new Map<string, CellPlan>();
  const cellOf = (tenant: string): CellPlan => {
    let cell = cells.get(tenant);
    if (cell === undefined) {
      cell = { tenant, workers: [...shared], hostnames: [], targets: new Map(), consumers: [], crons: [], fingerprint: "" };
      cells.set(tenant, cell);
    }
    return cell;
  };
  for (const options of inputs.workers) {
    const tenant = inputs.tenantOf.get(options.name!);
    if (tenant !== undefined) cellOf(tenant).workers.push(options);
  }
  for (const [router, target] of inputs.targets) cellOf(target.tenant).targets.set(router, target);
  for (const consumer of inputs.consumers) cells.get(inputs.targets.get(consumer.router)!.tenant)?.consumers.push(consumer);
  for (const cron of inputs.crons) cells.get(inputs.targets.get(cron.router)!.tenant)?.crons.push(cron);
  for (const cell of cells.values()) {
    const table = routeTable(cell.workers);
    cell.hostnames = [...table.keys()];
    cell.workers.push(frontWorker(table), EGRESS_OPTIONS);
    cell.fingerprint = inputs.fingerprint(cell.workers);
  }
  return cells;
}
