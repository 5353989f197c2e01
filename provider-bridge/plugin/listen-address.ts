// Where the gRPC server listens: a Unix socket in a fresh private directory,
// as go-plugin servers do on Unix, or 127.0.0.1 on a random port where that is
// not possible (Windows, or a temp path too long for sun_path).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ListenAddress } from "../grpc/listener.js";

const MAX_SOCKET_PATH = 100;

export interface ChosenAddress {
  address: ListenAddress;
  cleanup(): void;
}

export function chooseListenAddress(): ChosenAddress {
  if (process.platform === "win32") return { address: { network: "tcp", host: "127.0.0.1" }, cleanup: () => undefined };
  for (const base of [tmpdir(), "/tmp"]) {
    if (join(base, "tkf-XXXXXX", "provider.sock").length > MAX_SOCKET_PATH) continue;
    try {
      const dir = mkdtempSync(join(base, "tkf-"));
      let removed = false;
      return {
        address: { network: "unix", path: join(dir, "provider.sock") },
        cleanup: () => {
          if (removed) return;
          removed = true;
          rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch {
      // try the next base directory
    }
  }
  return { address: { network: "tcp", host: "127.0.0.1" }, cleanup: () => undefined };
}
