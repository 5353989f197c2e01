// `takoform provider`: the process Terraform launches. Only the handshake
// path is imported up front; the provider itself loads after the handshake
// line is out, while Terraform connects.
import { servePlugin } from "./plugin/serve.js";

export function runProvider(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return servePlugin(async () => {
    const [{ loadProviderModel }, { takoformProvider }, { ProviderServer }, { providerHandlers }, { log }] = await Promise.all([
      import("./model/load.js"),
      import("./takoform-provider.js"),
      import("./rpc/provider-server.js"),
      import("./rpc/index.js"),
      import("./plugin/log.js"),
    ]);
    const loaded = await loadProviderModel(env);
    log("debug", "provider model loaded", { source: loaded.source, resources: loaded.resources.length });
    const definition = takoformProvider(loaded, env);
    const server = new ProviderServer(definition);
    server.schemaProblems.push(...definition.problems());
    return providerHandlers(server);
  }, env);
}
