// NODE_EXTRA_CA_CERTS reaches the provider's HTTPS agent instead of node's start
// (docs/decisions/0281-provider-extra-ca-certificates.md):
// - the launcher Terraform runs moves the variable to TAKOFORM_PROVIDER_EXTRA_CA_CERTS before it
//   execs node, and leaves it to node when node's store is not its own list;
// - the agent built from the moved variable trusts a host certificate that only the file vouches
//   for, over a real TLS connection, and one built without it does not.

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXTRA_CA_ENV } from "../../../provider-bridge/client/extra-ca-env.js";
import { extraAuthorities, httpsAgent } from "../../../provider-bridge/client/extra-ca.js";
import { launcherScript } from "../../../provider-bridge/install/launcher.js";
import { generateServerCertificate } from "../../../provider-bridge/plugin/certificate.js";

const dir = mkdtempSync(join(tmpdir(), "tkf-extra-ca-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the launcher hands NODE_EXTRA_CA_CERTS on instead of giving it to node", () => {
  // The launcher's node runs this script in place of the CLI: it prints the two variables.
  const script = join(dir, "print-env.mjs");
  writeFileSync(script, `console.log(JSON.stringify([process.env.NODE_EXTRA_CA_CERTS ?? null, process.env.${EXTRA_CA_ENV} ?? null]));\n`);
  const launcher = join(dir, "launcher.sh");
  writeFileSync(launcher, launcherScript(process.execPath, script, "0.1.0"), { mode: 0o755 });
  const run = (env: Record<string, string>) => JSON.parse(execFileSync(launcher, [], { env: { PATH: process.env.PATH ?? "", ...env } }).toString());

  it("moves the path when it is set", () => {
    expect(run({ NODE_EXTRA_CA_CERTS: "/etc/ca bundle.pem" })).toEqual([null, "/etc/ca bundle.pem"]);
  });
  it("sets nothing when it is not set or empty", () => {
    expect(run({})).toEqual([null, null]);
    expect(run({ NODE_EXTRA_CA_CERTS: "" })).toEqual(["", null]);
  });
  // (--use-system-ca, node 22.15 and later, is matched the same way; node 20 refuses the flag)
  it("leaves it to node when node's store is OpenSSL's", () => {
    expect(run({ NODE_EXTRA_CA_CERTS: "/ca.pem", NODE_OPTIONS: "--use-openssl-ca" })).toEqual(["/ca.pem", null]);
    expect(run({ NODE_EXTRA_CA_CERTS: "/ca.pem", TAKOFORM_PROVIDER_NODE_FLAGS: "--use-openssl-ca" })).toEqual(["/ca.pem", null]);
  });
});

describe("the provider's HTTPS agent trusts the handed-on certificates", () => {
  let server: Server;
  let origin: string;
  const identity = generateServerCertificate(); // self-signed for "localhost": its own authority
  const bundle = join(dir, "extra.pem");
  writeFileSync(bundle, `# a distribution bundle has comments too\n${identity.certPem}`);

  beforeAll(async () => {
    server = createServer({ key: identity.keyPem, cert: identity.certPem }, (_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    origin = `https://localhost:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (agent: https.Agent) =>
    new Promise<string>((resolve, reject) => {
      https
        .get(origin, { agent, lookup: (_host, _options, done) => done(null, [{ address: "127.0.0.1", family: 4 }]) }, (res) => {
          let text = "";
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => resolve(text));
        })
        .on("error", reject);
    });

  it("reaches a host whose certificate only the file vouches for", async () => {
    const agent = httpsAgent({ [EXTRA_CA_ENV]: bundle }, { keepAlive: false });
    expect(await get(agent)).toBe("ok");
    agent.destroy();
  });
  it("refuses it without the file, as node's default store does", async () => {
    const agent = httpsAgent({}, { keepAlive: false });
    await expect(get(agent)).rejects.toThrow(/self.signed/);
    agent.destroy();
  });
  it("keeps node's bundled roots beside the file's certificates", () => {
    const { ca } = extraAuthorities({ [EXTRA_CA_ENV]: bundle });
    expect(ca!.at(-1)).toBe(identity.certPem.trim());
    expect(ca!.length).toBeGreaterThan(100);
  });
  it("ignores a file it cannot read or that holds no certificate, with node's warning", () => {
    expect(extraAuthorities({ [EXTRA_CA_ENV]: join(dir, "absent.pem") })).toEqual({
      warning: expect.stringMatching(/^Warning: Ignoring extra certs from `.+absent\.pem`, load failed: ENOENT/),
    });
    const empty = join(dir, "empty.pem");
    writeFileSync(empty, "no certificates here\n");
    expect(extraAuthorities({ [EXTRA_CA_ENV]: empty }).ca).toBeUndefined();
    const broken = join(dir, "broken.pem");
    writeFileSync(broken, `-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n${identity.certPem}`);
    expect(extraAuthorities({ [EXTRA_CA_ENV]: broken })).toMatchObject({ warning: expect.stringContaining("1 of the extra certs") });
  });
});
