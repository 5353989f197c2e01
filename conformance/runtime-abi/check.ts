// What one runtime ABI check is: a named run over the probe protocol that resolves to what it
// observed or throws RuntimeCheckFailure. The load lane is `unmeasured` when the host exposes no
// loader adapter (then the run is partial, never passed).

import type { ContractCheck, RuntimeAbiCorpus, RuntimeCheckName } from "./contract.js";
import type { Gateway } from "./wire.js";

export class RuntimeCheckFailure extends Error {}
export class Unmeasured extends Error {}

export interface LoaderAnswer {
  status: number;
  json: any;
}

export interface RuntimeCheckContext {
  corpus: RuntimeAbiCorpus;
  /** The run token (hex of runCorrelation.tokenBytes random bytes), substituted for {run}. */
  token: string;
  gateway: Gateway;
  /** The loader adapter (takoform.runtime-abi-loader@v1), or undefined when the host has none. */
  loader?: (body: unknown) => Promise<LoaderAnswer>;
  /**
   * Multiplies every deadline of the contract. 1 in a conformance run; the mutant tests shrink it
   * so a runtime that never answers fails in seconds (a scaled run is never a conformance claim).
   */
  deadlineScale: number;
}

export interface RuntimeCheck {
  /** One line: the behaviour this check holds the runtime to. */
  readonly rule: string;
  run(ctx: RuntimeCheckContext, check: ContractCheck): Promise<string>;
}

export function defineRuntimeCheck(rule: string, run: (ctx: RuntimeCheckContext, check: ContractCheck) => Promise<string>): RuntimeCheck {
  return { rule, run };
}

export type RuntimeCheckStatus = "passed" | "failed" | "unmeasured";

export interface RuntimeCheckResult {
  name: RuntimeCheckName;
  status: RuntimeCheckStatus;
  message: string;
  millis: number;
}

export function fail(message: string): never {
  throw new RuntimeCheckFailure(message);
}

export function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) fail(message);
}
