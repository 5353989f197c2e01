// Starts the floor server (server.ts) as its own process, the way the host is started
// (lib/host-process.ts): same pid accounting through /proc, same stop.

import path from "node:path";
import { spawnListening, type HostProcess } from "../lib/host-process.js";
import { BENCH_TOKEN, repoRoot } from "../lib/paths.js";

const server = path.join(repoRoot, "bench/floor/server.ts");

export function startFloor(dataFile: string, nodeArgs: string[] = [], serverArgs: string[] = []): Promise<HostProcess> {
  return spawnListening([...nodeArgs, "--import", "tsx", server, "--data", dataFile, "--token", BENCH_TOKEN, ...serverArgs]);
}
