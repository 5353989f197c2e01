// Measures provider cold start: spawn to handshake line of `takoform provider`
// (built CLI, AutoMTLS on, as Terraform starts it) against spawn to exit of
// `node -e 0`, interleaved, medians of N runs.
//   npm run build && npx tsx provider-bridge/tools/startup-time.ts [runs]
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateServerCertificate } from "../plugin/certificate.js";
import { MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE } from "../plugin/environment.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const runs = Number(process.argv[2] ?? 15);
const clientCert = generateServerCertificate().certPem;

function time(args: string[], untilLine: boolean, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "ignore"] });
    const done = (): void => resolve(Number(process.hrtime.bigint() - t0) / 1e6);
    if (untilLine) {
      child.stdout.once("data", () => {
        done();
        child.kill("SIGKILL");
      });
    } else child.once("exit", done);
    child.once("error", reject);
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const providerEnv = { ...process.env, [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE, PLUGIN_PROTOCOL_VERSIONS: "5,6", PLUGIN_CLIENT_CERT: clientCert };
const base: number[] = [];
const provider: number[] = [];
for (let i = 0; i < runs; i++) {
  base.push(await time(["-e", "0"], false, process.env));
  provider.push(await time([join(root, "bin", "takoform.mjs"), "provider"], true, providerEnv));
}
const b = median(base);
const p = median(provider);
console.log(`node -e 0: ${b.toFixed(1)} ms; takoform provider spawn-to-handshake: ${p.toFixed(1)} ms; ratio ${(p / b).toFixed(2)} (median of ${runs})`);
