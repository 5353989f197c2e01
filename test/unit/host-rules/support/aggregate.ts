// Builds stored Worker aggregates (worker, versions pinned to it, a deployment) for rule tests.
import type { RelationRecord, StoredTarget } from "../../../../host/rules/relations/view.js";
import { MemoryView } from "./memory-view.js";
import { bindingContract, definition } from "./reference.js";
import { EDGE_GROUP } from "../../../../corpus/lib/index.js";

export const EDGE = EDGE_GROUP;

export function record(pointer: string, relation: string, target: StoredTarget, bindingName?: string): RelationRecord {
  const r: RelationRecord = {
    pointer,
    relation,
    targetApiVersion: target.formRef.apiVersion,
    targetKind: target.formRef.kind,
    targetName: target.name,
    targetUid: target.uid,
    targetFormRef: target.formRef,
  };
  if (bindingName !== undefined) r.bindingRef = bindingContract(bindingName).ref;
  return r;
}

export class Aggregates {
  readonly view = new MemoryView().install(definition("ModuleWorker"), definition("WorkerVersion"), definition("WorkerDeployment"));

  worker(name: string): StoredTarget {
    return this.view.add(definition("ModuleWorker"), name);
  }

  version(worker: StoredTarget, name: string, handlers: string[], options: Partial<StoredTarget> = {}): StoredTarget {
    const v = this.view.add(definition("WorkerVersion"), name, { handlers, worker: { apiVersion: EDGE, kind: "ModuleWorker", name: worker.name } }, options);
    v.relations = [record("/worker", "/worker", worker)];
    return v;
  }

  deployment(worker: StoredTarget, name: string, weights: [StoredTarget, number][]): StoredTarget {
    const spec = {
      worker: { apiVersion: EDGE, kind: "ModuleWorker", name: worker.name },
      versions: weights.map(([v, weight]) => ({ workerVersion: { apiVersion: EDGE, kind: "WorkerVersion", name: v.name }, weight })),
    };
    const d = this.view.add(definition("WorkerDeployment"), name, spec);
    d.relations = [record("/worker", "/worker", worker), ...weights.map(([v], i) => record(`/versions/${i}/workerVersion`, "/versions/*/workerVersion", v))];
    return d;
  }

  attachment(kind: string, worker: StoredTarget, name: string): StoredTarget {
    const a = this.view.add({ ...definition("WorkerEndpoint"), kind }, name, { worker: { apiVersion: EDGE, kind: "ModuleWorker", name: worker.name } });
    a.relations = [record("/worker", "/worker", worker)];
    return a;
  }

  inboundServiceBinding(caller: StoredTarget, target: StoredTarget): void {
    caller.relations = [...caller.relations, record("/serviceBindings/0/resource", "/serviceBindings/*/resource", target, "module-worker.service")];
  }
}
