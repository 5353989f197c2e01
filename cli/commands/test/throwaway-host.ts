// A `takoform host` child on a free port (its gateway too) with its own data dir; stop() ends it (SIGTERM, then
// SIGKILL after 10 s) and resolves once the process is gone.
import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";

export interface ThrowawayHost {
  pid: number;
  url: string;
  stop(): Promise<void>;
}

export interface ThrowawayHostOptions {
  root: string;
  data: string;
  credentials: string;
  log: string;
  extraArgs?: string[];
}

const START_TIMEOUT_MS = 60_000;

export function startThrowawayHost(opts: ThrowawayHostOptions): Promise<ThrowawayHost> {
  const logFd = openSync(opts.log, "a");
  const child = spawn(
    process.execPath,
    [
      path.join(opts.root, "bin", "takoform.mjs"),
      "host",
      "--port",
      "0",
      "--data",
      opts.data,
      "--credentials",
      opts.credentials,
      "--gateway-port",
      "0",
      ...(opts.extraArgs ?? []),
    ],
    { stdio: ["ignore", "pipe", logFd] },
  );
  closeSync(logFd);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let alive = true;
  void exited.then(() => (alive = false));
  const stop = async () => {
    if (!alive) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let buffered = "";
    const timer = setTimeout(() => fail(`the host did not start within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    const fail = (why: string) => {
      clearTimeout(timer);
      let tail = "";
      try {
        tail = readFileSync(opts.log, "utf8").trim().split("\n").slice(-5).join("\n");
      } catch {
        // no log yet
      }
      void stop().then(() => reject(new Error(`${why}${tail ? `; host log:\n${tail}` : ""}`)));
    };
    const onEarlyExit = (code: number | null) => fail(`the host exited during start-up (code ${code})`);
    child.once("exit", onEarlyExit);
    child.stdout!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(buffered);
      if (match === null) return;
      clearTimeout(timer);
      child.off("exit", onEarlyExit);
      // Keep draining stdout so the host never blocks on a full pipe.
      child.stdout!.removeAllListeners("data");
      child.stdout!.resume();
      resolve({ pid: child.pid!, url: match[1]!, stop });
    });
  });
}
