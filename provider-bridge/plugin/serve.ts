// Runs a provider process the way go-plugin expects: check the handshake
// environment, start a TLS (AutoMTLS) or plaintext gRPC server, print the one
// handshake line on stdout, then load the provider's handlers while Terraform
// connects. Only what the handshake needs is loaded before the line is printed:
// the socket is bound with node:net (grpc/listener.ts); node:http2 and the TLS
// context come after the line, while Terraform reads it and dials.
import { bindListener } from "../grpc/listener.js";
import type { GrpcServer, Router, UnaryHandler } from "../grpc/server.js";
import { generateServerCertificate, handshakeCertificate, type ServerCertificate } from "./certificate.js";
import { handshakeLine, readPluginEnvironment } from "./environment.js";
import { installProcessGuards } from "./lifecycle.js";
import { chooseListenAddress } from "./listen-address.js";
import { log, logEnabled, setLogLevelFrom } from "./log.js";

export const SHUTDOWN_PATH = "/plugin.GRPCController/Shutdown";
export const STDIO_PATH = "/plugin.GRPCStdio/StreamStdio";

/** Loads the tfplugin6 handlers, keyed by "/tfplugin6.Provider/<Method>". */
export type HandlerLoader = () => Promise<ReadonlyMap<string, UnaryHandler>>;

/** How a process meets Terraform: its own stdio (started by Terraform), or a spare's (spare/run.ts). */
export interface PluginIo {
  /** Writes the handshake line where go-plugin reads it. */
  handshake(line: string): void;
  /** Installs the rules that end the process when Terraform goes away (lifecycle.ts); returns their removal. */
  guard(onExit: () => void): () => void;
  /** A server certificate made ahead of the session. */
  certificate?: ServerCertificate;
  /** Called once the handshake line is out. */
  served?(): void;
  /**
   * Called when Terraform has shut the session down and the server is closed; without it the
   * process exits then. A spare goes back to waiting instead (spare/run.ts).
   */
  ended?(): void;
}

export const OWN_STDIO: PluginIo = {
  handshake: (line) => process.stdout.write(line),
  guard: (onExit) => installProcessGuards(onExit),
};

/**
 * Serves until Terraform calls GRPCController/Shutdown or goes away.
 * Resolves to an exit code only when the process cannot serve at all.
 */
export async function servePlugin(loadHandlers: HandlerLoader, env: NodeJS.ProcessEnv = process.env, io: PluginIo = OWN_STDIO): Promise<number> {
  setLogLevelFrom(env);
  const checked = readPluginEnvironment(env);
  if (!checked.ok) {
    process.stderr.write(checked.message + "\n");
    return 1;
  }
  const chosen = chooseListenAddress();
  const unguard = io.guard(chosen.cleanup);
  const cert = checked.env.clientCertPem !== undefined ? (io.certificate ?? generateServerCertificate()) : undefined;

  let handlers: Promise<ReadonlyMap<string, UnaryHandler>> | undefined;
  let server: GrpcServer | undefined;
  const shutdown: UnaryHandler = () => {
    // Answer first; exit once the response has left (see afterResponse).
    return new Uint8Array(0);
  };
  const router: Router = {
    unary(path) {
      if (path === SHUTDOWN_PATH) return shutdown;
      handlers ??= loadHandlers();
      return handlers.then((m) => m.get(path));
    },
    silentStream: (path) => path === STDIO_PATH,
    afterResponse(path) {
      if (path !== SHUTDOWN_PATH) return;
      log("debug", "shutdown requested by the plugin client");
      void (server?.close() ?? Promise.resolve()).then((ended) => {
        if (ended === "grace") log("debug", "a connection was still open after the shutdown grace; closing anyway");
        chosen.cleanup();
        if (io.ended === undefined) process.exit(0);
        unguard();
        io.ended();
      });
    },
  };
  const listener = await bindListener(chosen.address);
  io.handshake(handshakeLine(listener.bound.network, listener.bound.address, cert ? handshakeCertificate(cert.der) : ""));
  io.served?.();
  const { GrpcServer } = await import("../grpc/server.js");
  server = new GrpcServer(router, {
    started: () => undefined,
    // UNIMPLEMENTED is expected for go-plugin's broker, which Terraform probes and does not need.
    finished: (path, code, millis, error) => {
      const level = code === 0 ? "trace" : code === 12 ? "debug" : "warn";
      if (logEnabled(level)) log(level, "rpc", { method: path, status: code, ms: Math.round(millis), ...(error ? { error } : {}) });
    },
  });
  server.serve(cert ? { certPem: cert.certPem, keyPem: cert.keyPem, clientCaPem: checked.env.clientCertPem } : undefined, listener);
  // Load the handlers now, in parallel with Terraform's connect and TLS handshake.
  handlers ??= loadHandlers();
  handlers.catch((err: unknown) => log("error", "provider handlers failed to load", { error: String(err) }));
  return new Promise<number>(() => undefined);
}
