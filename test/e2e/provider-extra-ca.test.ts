// A host behind a TLS proxy whose certificate only NODE_EXTRA_CA_CERTS vouches for (a private
// CA), through the real terraform binary and the installed launcher: the launcher moves the
// variable off node's start (docs/decisions/0281-provider-extra-ca-certificates.md) and the
// provider still trusts the certificate on its calls to the host. Without the variable the same
// plan fails on the certificate, so the TLS path is the one exercised.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateServerCertificate } from "../../provider-bridge/plugin/certificate.js";
import { installTakoformProvider, providerConfig, TerraformWorkdir } from "./helpers/terraform.js";
import { HostProcess, TOKEN } from "./provider-host/host.js";

describe("the provider reaches a host behind a private CA named by NODE_EXTRA_CA_CERTS", () => {
  let host: HostProcess;
  let proxy: https.Server;
  let origin: string;
  let installDir: string;
  let cliConfigFile: string;
  const dir = mkdtempSync(join(tmpdir(), "takoform-e2e-extra-ca-"));
  const identity = generateServerCertificate(); // self-signed for "localhost"
  const bundle = join(dir, "private-ca.pem");
  writeFileSync(bundle, identity.certPem);
  const workdirs: TerraformWorkdir[] = [];

  beforeAll(async () => {
    let upstream = "";
    // The TLS-terminating proxy in front of the host, as an operator would run one.
    proxy = https.createServer({ key: identity.keyPem, cert: identity.certPem }, (req, res) => {
      const forwarded = http.request(upstream + req.url, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forwarded.on("error", () => res.destroy());
      req.pipe(forwarded);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", () => resolve()));
    origin = `https://localhost:${(proxy.address() as AddressInfo).port}`;
    host = await HostProcess.start(["--public-url", origin]);
    upstream = host.url;
    installDir = mkdtempSync(join(tmpdir(), "takoform-e2e-install-"));
    cliConfigFile = (await installTakoformProvider(installDir)).cliConfigFile;
  }, 120_000);

  afterAll(async () => {
    for (const w of workdirs) w.cleanup();
    await new Promise<void>((resolve) => (proxy === undefined ? resolve() : proxy.close(() => resolve())));
    proxy?.closeAllConnections();
    await host?.stop();
    for (const d of [installDir, dir]) if (d) rmSync(d, { recursive: true, force: true });
  });

  function workdir(): TerraformWorkdir {
    const w = TerraformWorkdir.create({
      cliConfigFile,
      files: {
        "main.tf": providerConfig({ endpoint: origin, token: TOKEN, space: "extra-ca" }) + `resource "takoform_edge_kv_namespace" "cache" { name = "cache" }\n`,
      },
    });
    workdirs.push(w);
    return w;
  }

  it("applies and plans clean with the private CA in NODE_EXTRA_CA_CERTS", async () => {
    const w = workdir();
    const env = { NODE_EXTRA_CA_CERTS: bundle };
    expect((await w.run(["init"], { env })).exitCode).toBe(0);
    const applied = await w.run(["apply", "-auto-approve"], { env });
    expect(applied.exitCode, applied.all).toBe(0);
    const plan = await w.run(["plan", "-detailed-exitcode"], { env });
    expect(plan.exitCode, plan.all).toBe(0);
  }, 180_000);

  it("fails on the host's certificate without it", async () => {
    const w = workdir();
    const env = { NODE_EXTRA_CA_CERTS: "" };
    expect((await w.run(["init"], { env })).exitCode).toBe(0);
    const plan = await w.run(["plan"], { env });
    expect(plan.exitCode).not.toBe(0);
    expect(plan.all).toMatch(/self.signed certificate/i);
  }, 180_000);
});
