// A separate project uses takoform the way a user's would: `npm pack` of this repository installed
// into a fresh directory outside it (registry only, no repository paths), then, with the INSTALLED
// CLI, a host is started and the provider mirror written, and three configurations deploy against
// that host with real terraform: plain HCL, a CDK Terrain app (`takoform/cdktn`) and a CDKTF app
// (`takoform/cdktf`). The apps type-check first, so a typo in a setting fails before any deploy.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFromHost, resourcesInState } from "../../scripts/demo/resources.js";

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, "../..");
const project = mkdtempSync(path.join(tmpdir(), "takoform-user-project-"));
const INSTALL = 900_000;
const STEP = 300_000;
let host: ChildProcess | undefined;
let hostUrl = "";
let hostStderr = "";
const token = `user-${randomBytes(18).toString("base64url")}`;
let env: NodeJS.ProcessEnv;

async function sh(cwd: string, file: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<string> {
  const { stdout } = await run(file, args, { cwd, env: { ...env, ...extraEnv }, maxBuffer: 64 << 20 });
  return stdout;
}

const bin = (name: string) => path.join(project, "node_modules", ".bin", name);

beforeAll(async () => {
  // --ignore-scripts: packs the dist/ that `npm test` built. Without it npm runs `prepare`, which
  // rewrites dist/ in place while other test files start hosts from it (a host once loaded a
  // half-written module: "does not provide an export named ...").
  const packed = (await run("npm", ["pack", "--ignore-scripts", "--pack-destination", project, "--silent"], { cwd: repoRoot, maxBuffer: 16 << 20 })).stdout
    .trim()
    .split("\n")
    .pop()!;
  writeFileSync(
    path.join(project, "package.json"),
    JSON.stringify(
      {
        name: "my-edge-infra",
        private: true,
        type: "module",
        dependencies: { takoform: `file:./${packed}`, cdktf: "0.21.0", cdktn: "0.24.0", constructs: "10.7.2" },
        devDependencies: { typescript: "^5.9.3", tsx: "^4.23.15", "@types/node": "^20.19.43" },
        allowScripts: { "better-sqlite3": true },
      },
      null,
      2,
    ),
  );
  env = { ...process.env, CHECKPOINT_DISABLE: "1", TF_IN_AUTOMATION: "1" };
  await sh(project, "npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"]);

  writeFileSync(path.join(project, "credentials.json"), JSON.stringify({ credentials: [{ token, tenant: "user", principal: "user" }] }), { mode: 0o600 });
  host = spawn(
    bin("takoform"),
    [
      "host",
      "--port",
      "0",
      "--data",
      path.join(project, "host-data"),
      "--credentials",
      path.join(project, "credentials.json"),
      "--gateway-port",
      "0",
      "--quiet",
    ],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...env, TAKOFORM_LAUNCH_TRACE: "1" } },
  );
  host.stderr!.on("data", (b: Buffer) => {
    hostStderr += b.toString();
    process.stderr.write(b);
  });
  hostUrl = await new Promise<string>((resolve, reject) => {
    let out = "";
    host!.once("exit", (code) => reject(new Error(`installed host exited (${code})`)));
    host!.stdout!.on("data", (b: Buffer) => {
      out += b.toString();
      const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
      if (m !== null) resolve(m[1]!);
    });
  });
  const install = await sh(project, bin("takoform"), ["provider", "install", "--dir", path.join(project, "tf")]);
  const cliConfig = /^export TF_CLI_CONFIG_FILE=(.+)$/m
    .exec(install)![1]!
    .trim()
    .replace(/^'(.*)'$/, "$1");
  env = { ...env, TF_CLI_CONFIG_FILE: cliConfig, TAKOFORM_ENDPOINT: hostUrl, TAKOFORM_TOKEN: token };
}, INSTALL);

afterAll(async () => {
  if (host !== undefined && host.exitCode === null) {
    host.kill("SIGTERM");
    await new Promise((r) => host!.once("exit", r));
  }
  rmSync(project, { recursive: true, force: true });
});

/** Every resource in the state, as the host reports it: "Kind/name Ready". */
async function deployedOnHost(stateDir: string): Promise<string[]> {
  const resources = resourcesInState(path.join(stateDir, "terraform.tfstate"));
  const views = await Promise.all(resources.map((r) => readFromHost(hostUrl, token, r)));
  return views.map((v) => `${v.kind}/${v.name} ${v.found ? v.ready : "absent"}`).sort();
}

async function terraformApply(dir: string): Promise<void> {
  await sh(dir, "terraform", ["init", "-input=false", "-no-color"]);
  await sh(dir, "terraform", ["apply", "-auto-approve", "-input=false", "-no-color"]);
}

function cdkApp(library: "cdktf" | "cdktn", name: string): string {
  const dir = path.join(project, `${library}-app`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, "main.ts"),
    `import { App, LocalBackend, TerraformOutput, TerraformStack } from "${library}";
import type { Construct } from "constructs";
import { EdgeKvNamespace, ModuleWorker, TakoformProvider } from "takoform/${library}";

class Infra extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    new LocalBackend(this, { path: process.cwd() + "/terraform.tfstate" });
    new TakoformProvider(this, "takoform", {});
    const worker = new ModuleWorker(this, "worker", { name: "${name}" });
    const kv = new EdgeKvNamespace(this, "kv", { name: "${name}-kv" });
    new TerraformOutput(this, "worker_uid", { value: worker.uid });
    new TerraformOutput(this, "kv_ready", { value: kv.ready });
  }
}

const app = new App({ outdir: "out" });
new Infra(app, "infra");
app.synth();
`,
  );
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: true, noEmit: true, types: ["node"] },
      include: ["main.ts"],
    }),
  );
  return dir;
}

describe("takoform installed from its packed tarball into a separate project", () => {
  it("starts the installed host from its bundle, finding the dependencies npm hoisted beside takoform", () => {
    // The bundle is a cache of the bytes it was built from: a project whose install resolved
    // another version of a dependency runs the compiled modules, and says which file differs. A
    // dependency not found at all (a path relative to the repository's node_modules) is the failure.
    const trace = /^takoform: host from (.*)$/m.exec(hostStderr)?.[1] ?? "";
    expect(trace, hostStderr).toMatch(/^the bundle |^the compiled modules \(.* changed since the bundle was built\)$/);
    expect(trace).not.toMatch(/ is gone| is not installed/);
  });

  it(
    "the installed CLI serves a host and an HCL configuration deploys against it",
    async () => {
      const dir = path.join(project, "hcl");
      mkdirSync(dir);
      writeFileSync(
        path.join(dir, "main.tf"),
        `terraform {\n  required_providers {\n    takoform = { source = "takoform/takoform" }\n  }\n}\nprovider "takoform" {}\nresource "takoform_edge_kv_namespace" "cache" {\n  name = "hcl-cache"\n}\noutput "ready" {\n  value = takoform_edge_kv_namespace.cache.ready\n}\n`,
      );
      await terraformApply(dir);
      expect(JSON.parse(await sh(dir, "terraform", ["output", "-json"])).ready.value).toBe(true);
      expect(await deployedOnHost(dir)).toEqual(["EdgeKVNamespace/hcl-cache True"]);
    },
    STEP,
  );

  for (const library of ["cdktn", "cdktf"] as const) {
    it(
      `a ${library} app imports from takoform/${library}, type-checks, synthesizes and deploys`,
      async () => {
        const name = `${library}-app`;
        const dir = cdkApp(library, name);
        await sh(dir, bin("tsc"), ["-p", "tsconfig.json"]);
        await sh(dir, bin("tsx"), ["main.ts"]);
        const stackDir = path.join(dir, "out", "stacks", "infra");
        expect(readdirSync(stackDir)).toContain("cdk.tf.json");
        const synthesized = readFileSync(path.join(stackDir, "cdk.tf.json"), "utf8");
        expect(synthesized).toContain('"takoform_module_worker"');
        await terraformApply(stackDir);
        // A worker is Ready only once a deployment serves it; this app deploys none.
        expect(await deployedOnHost(dir)).toEqual([`EdgeKVNamespace/${name}-kv True`, `ModuleWorker/${name} False`]);
      },
      STEP,
    );

    it(
      `a typo in an optional setting fails the ${library} app's type check`,
      async () => {
        const dir = path.join(project, `${library}-typo`);
        mkdirSync(dir, { recursive: true });
        writeFileSync(
          path.join(dir, "main.ts"),
          `import { App, TerraformStack } from "${library}";\nimport { AtLeastOnceQueue } from "takoform/${library}";\nconst app = new App();\nconst stack = new TerraformStack(app, "s");\nnew AtLeastOnceQueue(stack, "q", { name: "q", messageRetentionSecond: 60 });\n`,
        );
        writeFileSync(path.join(dir, "tsconfig.json"), readFileSync(path.join(project, `${library}-app`, "tsconfig.json")));
        const failure = await sh(dir, bin("tsc"), ["-p", "tsconfig.json"]).then(
          () => "",
          (err: { stdout?: string }) => err.stdout ?? "failed",
        );
        expect(failure).toContain("messageRetentionSecond");
      },
      STEP,
    );
  }
});
