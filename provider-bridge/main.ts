// `takoform provider`: the process Terraform launches. Only the handshake
// path is imported up front; the provider itself loads after the handshake
// line is out, while Terraform connects. A spare (plugin/spare/run.ts, ADR
// 0282) loads the same modules ahead of its session with preloadProvider.
import { OWN_STDIO, servePlugin, type PluginIo } from "./plugin/serve.js";
import { keepSpareReady } from "./plugin/spare/keep-ready.js";

function providerModules() {
  return Promise.all([
    import("./model/load.js"),
    import("./takoform-provider.js"),
    import("./rpc/provider-server.js"),
    import("./rpc/index.js"),
    import("./plugin/log.js"),
    import("./grpc/server.js"),
  ]);
}

/** Loads every module a session runs, without reading the provider model (it may depend on the session's environment). */
export async function preloadProvider(): Promise<void> {
  await providerModules();
}

/** Serves one Terraform session; io is a spare's (spare/run.ts), else this process's own stdio. */
export function runProvider(env: NodeJS.ProcessEnv = process.env, io: PluginIo = OWN_STDIO): Promise<number> {
  const served = (): void => {
    io.served?.();
    // A spare offers itself again after its session; a process Terraform started leaves one behind.
    if (io === OWN_STDIO) keepSpareReady(env);
  };
  return servePlugin(
    async () => {
      const [{ loadProviderModel }, { takoformProvider }, { ProviderServer }, { providerHandlers }, { log }] = await providerModules();
      const loaded = await loadProviderModel(env);
      log("debug", "provider model loaded", { source: loaded.source, resources: loaded.resources.length });
      const definition = takoformProvider(loaded, env);
      const server = new ProviderServer(definition);
      server.schemaProblems.push(...definition.problems());
      return providerHandlers(server);
    },
    env,
    { ...io, served },
  );
}
