// The Worker aggregate and attachment rules (decisions 0016, 0020, 0024, 0026), decided on the
// uids the relations of THIS request resolved to, before any mutation, on apply and import alike.
// Each rule is a pure function in host/rules/worker-aggregate or host/rules/attachments; this
// module only gathers their inputs from the tenant view and dispatches by Form.

import type { JsonObject } from "../../corpus/lib/index.js";
import type { HostForm } from "../catalog/host-form.js";
import type { RuleOutcome } from "../rules/relations/outcome.js";
import type { RelationRecord, StoredTarget } from "../rules/relations/view.js";
import { deadLetterCycle, deadLetterEdgeOf } from "../rules/attachments/dead-letter-cycle.js";
import { hostnameClaim } from "../rules/attachments/hostname-claim.js";
import { consumersOf, DEAD_LETTER_RELATION, QUEUE_RELATION, singleQueueConsumer } from "../rules/attachments/queue-single-consumer.js";
import { endpointsOf, singleEndpointPerWorker } from "../rules/attachments/worker-endpoint-single.js";
import {
  ATTACHMENT_HANDLER,
  deploymentServing,
  EDGE_GROUP,
  VERSIONS_RELATION,
  WORKER_RELATION,
  workerDependents,
  type WorkerIdentity,
} from "../rules/worker-aggregate/aggregate.js";
import { attachmentGate } from "../rules/worker-aggregate/attachment-gate.js";
import { deploymentIntegrity } from "../rules/worker-aggregate/deployment-integrity.js";
import { inboundServiceBindingsServed } from "../rules/worker-aggregate/inbound-service-binding.js";
import { deploymentsOf, oneActiveDeployment } from "../rules/worker-aggregate/one-active-deployment.js";
import { reverseValidation } from "../rules/worker-aggregate/reverse-validation.js";
import { workerReadiness } from "../rules/worker-aggregate/worker-readiness.js";
import type { ResourceRecord } from "../store/records.js";
import { accepted } from "./refusals.js";
import { activeDeployment } from "./rendering.js";
import type { TenantView } from "./tenant-view.js";

export interface AggregateAdmission {
  form: HostForm;
  spec: JsonObject;
  space: string;
  name: string;
  self?: ResourceRecord;
  records: RelationRecord[];
}

function target(view: TenantView, records: readonly RelationRecord[], relation: string): StoredTarget | undefined {
  const record = records.find((candidate) => candidate.relation === relation);
  return record === undefined ? undefined : view.byUid(record.targetUid);
}

function identity(target: StoredTarget): WorkerIdentity {
  return { uid: target.uid, name: target.name };
}

function check(outcome: RuleOutcome): void {
  accepted(outcome);
}

function admitDeployment(view: TenantView, input: AggregateAdmission): void {
  const worker = target(view, input.records, WORKER_RELATION);
  if (worker === undefined) return;
  const holders = view.holdersOf(worker.uid);
  const selfUid = input.self?.uid;
  check(oneActiveDeployment({ worker: identity(worker), self: { ...(selfUid === undefined ? {} : { uid: selfUid }), name: input.name }, existing: deploymentsOf(worker.uid, holders) }));
  const versions = Array.isArray(input.spec.versions) ? (input.spec.versions as JsonObject[]) : [];
  const entries = [];
  for (const record of input.records.filter((candidate) => candidate.relation === VERSIONS_RELATION)) {
    const version = view.byUid(record.targetUid);
    if (version === undefined) continue;
    const weight = versions[Number(record.pointer.split("/")[2])]?.weight;
    entries.push({ pointer: record.pointer, weight: typeof weight === "number" ? weight : 0, version });
  }
  check(deploymentIntegrity(identity(worker), entries));
  const proposed = deploymentServing(
    { uid: selfUid ?? "", space: input.space, name: input.name, formRef: input.form.ref, spec: input.spec, relations: input.records },
    (uid) => view.byUid(uid),
  );
  check(reverseValidation(identity(worker), proposed, workerDependents(worker.uid, holders)));
}

function admitAttachment(view: TenantView, input: AggregateAdmission, kind: string): void {
  const self = input.self === undefined ? {} : { uid: input.self.uid };
  const worker = target(view, input.records, WORKER_RELATION);
  if (worker !== undefined) {
    check(attachmentGate({ attachmentKind: kind, worker: identity(worker), deployment: activeDeployment(view, worker.uid) }));
    if (kind === "WorkerEndpoint") {
      check(singleEndpointPerWorker(identity(worker), self, endpointsOf(worker.uid, view.holdersOf(worker.uid))));
    }
  }
  if (kind === "QueueConsumer") {
    const queue = target(view, input.records, QUEUE_RELATION);
    if (queue !== undefined) {
      check(singleQueueConsumer(identity(queue), self, consumersOf(queue.uid, view.holdersOf(queue.uid))));
      const deadLetter = target(view, input.records, DEAD_LETTER_RELATION);
      check(
        deadLetterCycle({
          queue: identity(queue),
          deadLetter: deadLetter === undefined ? undefined : identity(deadLetter),
          self,
          deadLetterOf: (queueUid) => {
            const [consumer] = consumersOf(queueUid, view.holdersOf(queueUid));
            const stored = consumer === undefined ? undefined : view.byUid(consumer.uid);
            return stored === undefined ? undefined : deadLetterEdgeOf(stored);
          },
        }),
      );
    }
  }
  if (kind === "WorkerCustomDomain" && typeof input.spec.hostname === "string") {
    check(hostnameClaim({ tenant: view.scope.tenant, hostname: input.spec.hostname, self, holders: view.hostnameHolders(input.spec.hostname) }));
  }
}

function admitVersion(view: TenantView, input: AggregateAdmission): void {
  check(
    inboundServiceBindingsServed(input.records, (workerUid) => {
      const worker = view.byUid(workerUid);
      return workerReadiness({ name: worker?.name ?? workerUid }, activeDeployment(view, workerUid));
    }),
  );
}

export function admitAggregate(view: TenantView, input: AggregateAdmission): void {
  if (input.form.ref.apiVersion !== EDGE_GROUP) return;
  const kind = input.form.ref.kind;
  if (kind === "WorkerDeployment") admitDeployment(view, input);
  else if (ATTACHMENT_HANDLER[kind] !== undefined) admitAttachment(view, input, kind);
  else if (kind === "WorkerVersion") admitVersion(view, input);
}
