// The deployment the contract requires (contract.deployment), made through the Host API in a
// fresh space per run: the peer worker (its own bundle, no vars, no bindings, no attachments),
// then the probe worker with LOG_LEVEL, the sensitive variable, CACHE (edge.kv), EVENTS
// (edge.queue), PEER (worker.service -> the peer), its deployment, endpoint, cron trigger and
// queue consumer. Answers the hostname the probe is served under.

import { EDGE, type RuntimeHostApi } from "./host-api.js";
import type { RuntimeAbiCorpus } from "./contract.js";

export interface ProbeDeployment {
  space: string;
  hostname: string;
}

const ref = (kind: string, name: string) => ({ apiVersion: EDGE, kind, name });

async function deployBundle(api: RuntimeHostApi, corpus: RuntimeAbiCorpus, bundleName: string, space: string, name: string): Promise<void> {
  const bundle = corpus.bundle(bundleName);
  const digest = await api.commitBundle(
    bundle.mainModule,
    bundle.modules.map((m) => ({ name: m.name, mediaType: m.mediaType, bytes: corpus.bytes(m.source) })),
  );
  await api.create("WorkerBundle", space, name, { manifestDigest: digest });
}

export async function deployProbe(api: RuntimeHostApi, corpus: RuntimeAbiCorpus, space: string, sensitiveValue: string): Promise<ProbeDeployment> {
  const d = corpus.contract.deployment;
  const probe = "conformance-probe";
  const peer = "conformance-peer";
  await api.create("ModuleWorker", space, peer, {});
  await deployBundle(api, corpus, d.peer.bundle, space, `${peer}-bundle`);
  await api.create("WorkerVersion", space, `${peer}-v1`, {
    worker: ref("ModuleWorker", peer),
    bundle: ref("WorkerBundle", `${peer}-bundle`),
    handlers: d.peer.declaredHandlers,
  });
  await api.create("WorkerDeployment", space, peer, {
    worker: ref("ModuleWorker", peer),
    versions: [{ workerVersion: ref("WorkerVersion", `${peer}-v1`), weight: 10000 }],
  });

  await api.create("ModuleWorker", space, probe, {});
  await deployBundle(api, corpus, d.bundle, space, `${probe}-bundle`);
  await api.create("EdgeKVNamespace", space, "conformance-cache", {});
  await api.create("AtLeastOnceQueue", space, d.queue, { messageRetentionSeconds: 3600 });
  for (const name of d.sensitiveVars) await api.putSecret(space, probe, name, sensitiveValue);
  const pp = corpus.contract.probeProtocol;
  await api.create("WorkerVersion", space, `${probe}-v1`, {
    worker: ref("ModuleWorker", probe),
    bundle: ref("WorkerBundle", `${probe}-bundle`),
    handlers: d.declaredHandlers,
    vars: Object.fromEntries(d.vars.map((name) => [name, "info"])),
    requiredSensitiveVars: d.sensitiveVars,
    kvBindings: [{ name: pp.kvBinding, resource: ref("EdgeKVNamespace", "conformance-cache") }],
    queueProducerBindings: [{ name: pp.queueBinding, resource: ref("AtLeastOnceQueue", d.queue) }],
    serviceBindings: [{ name: pp.serviceBinding, resource: ref("ModuleWorker", peer) }],
  });
  await api.create("WorkerDeployment", space, probe, {
    worker: ref("ModuleWorker", probe),
    versions: [{ workerVersion: ref("WorkerVersion", `${probe}-v1`), weight: 10000 }],
  });
  const endpoint = await api.create("WorkerEndpoint", space, probe, { worker: ref("ModuleWorker", probe) });
  await api.create("WorkerCronTrigger", space, `${probe}-cron`, { worker: ref("ModuleWorker", probe), cron: d.cron });
  await api.create("QueueConsumer", space, `${probe}-consumer`, {
    queue: ref("AtLeastOnceQueue", d.queue),
    worker: ref("ModuleWorker", probe),
    maxBatchSize: 10,
    maxBatchTimeoutSeconds: 1,
    maxRetries: 3,
    retryDelaySeconds: 1,
    maxConcurrency: 1,
  });
  return { space, hostname: endpoint.status.outputs.hostname as string };
}
