import { existsSync } from "node:fs";
import { startHost } from "../lib/host-process.js";
process.env.TAKOFORM_LAUNCH_TRACE = "1";
for (let i = 0; i < 5; i++) {
  const sealed = existsSync("/tmp/seed10k/data/store.sqlite.sealed");
  const h = await startHost({ dataDir: "/tmp/seed10k/data", credentials: "/tmp/seed10k/credentials.json" });
  console.log(sealed, (h.listeningAt - h.spawnedAt).toFixed(0), h.stderrTail().trim().slice(0, 150));
  console.log("exit", await h.stop());
}
