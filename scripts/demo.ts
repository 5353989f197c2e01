// `npm run demo`: the edge-app example deployed end to end on the bundled host.
//   1. start `takoform host` (embedded SQLite store, generated credential) detached, or reuse it
//   2. install the offline provider mirror (`takoform provider install`)
//   3. upload the example's bundles, assets and migrations through the artifact routes
//   4. `cdktf deploy` (synth, then terraform init + apply) of examples/edge-app with terraform
//   5. print every resource's Ready condition as the host reports it, and the endpoint URL
//   6. call the deployed shop through the host's gateway (a page, its API, one queued order that
//      reaches SQLite through the consumer) and print the answers and the address to open
// The host keeps running. `npm run demo -- --destroy` destroys the resources and stops it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { allArtifacts } from "../examples/edge-app/artifacts.js";
import { uploadAll } from "../examples/edge-app/lib/upload.js";
import { APPLY_FLAGS, runCdktf, type CdktfTarget } from "./demo/cdktf.js";
import { answersText, callShop } from "./demo/calls.js";
import { ensureHost, stopHost } from "./demo/host.js";
import { demoPaths, repoRoot, type DemoPaths } from "./demo/paths.js";
import { failureSummary, resourceCount } from "./demo/failure.js";
import { step } from "./demo/progress.js";
import { readFromHost, resourcesInState, table } from "./demo/resources.js";

const USAGE = `usage: npm run demo [-- --destroy] [-- --dir DIR] [-- --gateway-port N]
  (no flag)   start or reuse the demo host, deploy examples/edge-app, print its resources,
              then call the shop through the gateway
  --destroy   destroy the deployed resources, then stop the demo host
  --dir DIR   keep host data, state and logs in DIR (default .takoform/demo)
  --gateway-port N
              the host's gateway port (default 8787; 0 picks a free one)`;

/** A path as the user should read it: repository-relative inside the repository. */
function shown(file: string): string {
  const rel = path.relative(repoRoot, file);
  return rel.startsWith("..") ? file : rel;
}

function ensureBuilt(): void {
  if (existsSync(path.join(repoRoot, "dist", "cli", "main.js"))) return;
  const s = step("building takoform (npm run build)");
  execFileSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "ignore" });
  s.done();
}

function installProvider(paths: DemoPaths): string {
  const s = step("installing the provider mirror");
  const out = execFileSync(process.execPath, [path.join(repoRoot, "bin", "takoform.mjs"), "provider", "install", "--dir", paths.terraform], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const match = /^export TF_CLI_CONFIG_FILE=(.+)$/m.exec(out);
  if (match === null) throw new Error(`provider install printed no TF_CLI_CONFIG_FILE line:\n${out}`);
  const file = match[1]!.trim().replace(/^'(.*)'$/, "$1");
  s.done(shown(file));
  return file;
}

/** Runs one cdktf command, turning terraform's per-resource lines into a progress count. */
async function cdktfStep(title: string, args: string[], target: CdktfTarget, paths: DemoPaths, verb: RegExp): Promise<void> {
  const s = step(title);
  let finished = 0;
  const run = await runCdktf(args, target, {
    log: paths.cdktfLog,
    onLine: (line) => {
      if (verb.test(line) && ++finished % 5 === 0) s.note(resourceCount(finished));
      else if (/Synthesizing/.test(line)) s.note("synthesizing");
      else if (/Initializing the backend|Initializing provider plugins/.test(line)) s.note("terraform init");
      else if (/Creating\.\.\./.test(line) && finished === 0) s.note("applying");
    },
  });
  if (run.code !== 0) {
    s.fail(`exit ${run.code}`);
    throw new Error(`cdktf ${args[0]} failed (full log: ${shown(paths.cdktfLog)})\n${failureSummary(run.output).join("\n")}`);
  }
  s.done(finished > 0 ? resourceCount(finished) : /No changes\./.test(run.output) ? "no changes" : "");
}

async function deploy(paths: DemoPaths, gatewayPort: number): Promise<number> {
  ensureBuilt();
  mkdirSync(paths.root, { recursive: true });
  rmSync(paths.cdktfLog, { force: true });
  const hs = step("starting takoform host");
  const host = await ensureHost(paths, { gatewayPort });
  hs.done(`${host.reused ? "reused" : "started"} ${host.url}, pid ${host.pid}, gateway port ${host.gatewayPort}`);
  const cliConfigFile = installProvider(paths);

  const us = step("uploading bundles, assets and migrations");
  await uploadAll(allArtifacts, { endpoint: host.url, token: host.token });
  us.done(`${allArtifacts.length} artifacts`);

  const target: CdktfTarget = { endpoint: host.url, token: host.token, cliConfigFile, synthOut: paths.synthOut, statePath: paths.tfState };
  // One cdktf run: deploy synthesizes examples/edge-app first (cdk.tf.json in synthOut), then
  // runs terraform init and apply; the progress line follows both phases.
  await cdktfStep(
    "cdktf synth + deploy examples/edge-app",
    ["deploy", ...APPLY_FLAGS, "--outputs-file", paths.outputs],
    target,
    paths,
    /(Creation|Modifications|Destruction) complete after/,
  );

  const rows = await Promise.all(resourcesInState(paths.tfState).map((r) => readFromHost(host.url, host.token, r)));
  const outputs = JSON.parse(readFileSync(paths.outputs, "utf8")) as Record<string, Record<string, string>>;
  const stackOutputs = outputs["edge-app"] ?? {};
  const url = Object.entries(stackOutputs).find(([k]) => /endpoint.?url/i.test(k))?.[1];
  console.log(`\n${table(rows)}\n`);
  console.log(`endpoint URL: ${url ?? "(not in the outputs)"}`);
  let called = false;
  if (url !== undefined && host.gatewayPort !== undefined) {
    const hostname = new URL(url).hostname;
    const cs = step("calling the shop through the gateway");
    const answers = await callShop(host.gatewayPort, hostname);
    cs.done(`${answers.length} answers`);
    console.log(`\n${answersText(answers)}\n`);
    console.log(`open in a browser: http://${hostname}:${host.gatewayPort}/`);
    console.log(`or: curl -H 'Authorization: Bearer demo-customer-0001' http://${hostname}:${host.gatewayPort}/api/orders`);
    called = answers.every((a) => a.status >= 200 && a.status < 300);
  }
  console.log(`host: ${host.url} (pid ${host.pid}, still running; data in ${shown(paths.hostData)})`);
  console.log(`token: in ${shown(paths.credentials)}`);
  console.log(`console: ${host.url}/console (asks for that token; \`takoform resources\` lists the same)`);
  console.log("destroy everything and stop the host: npm run demo -- --destroy");
  return rows.every((r) => r.found && r.ready === "True") && url !== undefined && called ? 0 : 1;
}

async function destroy(paths: DemoPaths): Promise<number> {
  ensureBuilt();
  if (resourcesInState(paths.tfState).length === 0) {
    // Nothing to destroy: no host is started for it (one that is running is still stopped below).
    console.log("nothing deployed by the demo");
  } else {
    const hs = step("reaching the demo host");
    const host = await ensureHost(paths);
    hs.done(host.url);
    const cliConfigFile = installProvider(paths);
    const target: CdktfTarget = { endpoint: host.url, token: host.token, cliConfigFile, synthOut: paths.synthOut, statePath: paths.tfState };
    const skipSynth = existsSync(path.join(paths.synthOut, "stacks", "edge-app", "cdk.tf.json")) ? ["--skip-synth"] : [];
    await cdktfStep("cdktf destroy (terraform destroy)", ["destroy", ...skipSynth, ...APPLY_FLAGS], target, paths, /Destruction complete after/);
  }
  const stopped = await stopHost(paths);
  console.log(stopped ? "demo host stopped" : "no demo host was running");
  return 0;
}

async function main(argv: string[]): Promise<number> {
  let mode: "deploy" | "destroy" = "deploy";
  let dir: string | undefined;
  let gatewayPort = 8787;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--destroy") mode = "destroy";
    else if (a === "--dir" && argv[i + 1] !== undefined) dir = path.resolve(argv[++i]!);
    else if (a === "--gateway-port" && /^[0-9]{1,5}$/.test(argv[i + 1] ?? "")) gatewayPort = Number(argv[++i]);
    else if (a === "--help" || a === "-h") {
      console.log(USAGE);
      return 0;
    } else {
      console.error(`demo: unexpected argument ${a}\n${USAGE}`);
      return 2;
    }
  }
  const paths = demoPaths(dir);
  return mode === "deploy" ? deploy(paths, gatewayPort) : destroy(paths);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`demo: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
