// The runtime projection of the toy Greeting kind (docs/architecture.md, "Adding a kind", step 4):
// written exactly as host/kinds/runtime/<kind>.ts is, one RuntimeProjection value. A Greeting plays
// the deployment role: its router worker answers its text on <name>.greeting.example.test.

import { COMPATIBILITY_DATE, type RuntimeProjection } from "../../../../host/runtime/projection.js";
import { routerWorkerName } from "../../../../host/runtime/names.js";

export const greetingHostname = (name: string) => `${name}.greeting.example.test`;

export const greetingRuntime: RuntimeProjection = {
  deployment: {
    target: (record) => ({ tenant: record.tenant, space: record.space, worker: record, router: routerWorkerName(record), versions: [], cumulative: [] }),
    router: (target) => ({
      name: target.router,
      compatibilityDate: COMPATIBILITY_DATE,
      modules: true,
      script: `export default { fetch() { return new Response(${JSON.stringify(String(target.worker.spec["text"]))}); } };`,
      routes: [`${greetingHostname(target.worker.name)}/*`],
    }),
  },
};
