// The README's "Try it on the bundled host first" commands, run as a new user would: the
// credentials heredoc and the two commands are read from README.md and run verbatim in a fresh
// working directory, except that the port 8080 becomes a free port, /tmp/tk a fresh directory and
// the gateway's default port 8787 a free port too (other processes on this machine may hold any of them). Nothing else is set up: the host's
// --conformance-probes alone must make every check pass.
// Needs a built dist/ (`npm run build`; `npm test` builds first).

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { execa } from "execa";
import { afterAll, describe, expect, it } from "vitest";
import { repo } from "./support.js";

function tryIt(): { credentials: string; host: string; runner: string } {
  const readme = readFileSync(path.join(repo, "README.md"), "utf8");
  const creds = /cat > creds\.json <<'JSON'\n([\s\S]*?)\n\s*JSON\n/.exec(readme);
  const section = readme.slice(readme.indexOf("Try it on the bundled host first:"));
  const host = /^\s*(node bin\/takoform\.mjs host .*) &$/m.exec(section);
  const runner = /^\s*(node bin\/takoform\.mjs conformance --host http:\/\/127\.0\.0\.1:8080 .*)$/m.exec(section);
  if (!creds || !host || !runner) throw new Error("README.md no longer holds the try-it credentials and commands this test runs");
  return { credentials: creds[1]!.replace(/^ {4}/gm, ""), host: host[1]!, runner: runner[1]! };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe("the README's try-it commands", () => {
  const cwd = mkdtempSync(path.join(tmpdir(), "takoform-try-it-"));
  let stop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await stop?.();
    rmSync(cwd, { recursive: true, force: true });
  });

  it("pass every check against the bundled host with nothing else set up", async () => {
    const commands = tryIt();
    writeFileSync(path.join(cwd, "creds.json"), commands.credentials);
    const port = String(await freePort());
    const local = (cmd: string) =>
      cmd
        .replace(/bin\/takoform\.mjs/, path.join(repo, "bin", "takoform.mjs"))
        .replace(/8080/g, port)
        .replace("/tmp/tk", path.join(cwd, "tk"));
    const [node, ...hostArgs] = [...local(commands.host).split(/\s+/), "--gateway-port", String(await freePort())];
    expect(node).toBe("node");
    const child = spawn(process.execPath, hostArgs, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    child.stderr!.resume(); // the request log: drained so the host never blocks on it
    stop = async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
    };
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("host did not start within 60 s")), 60_000);
      createInterface({ input: child.stdout! }).on("line", (line) => {
        if (line.startsWith("listening on ")) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once("exit", (code) => reject(new Error(`host exited with ${code}`)));
    });
    const [, ...runnerArgs] = local(commands.runner).split(/\s+/);
    const run = await execa(process.execPath, runnerArgs, { cwd, reject: false, timeout: 600_000 });
    const lines = run.stdout.trim().split("\n");
    expect(
      lines.filter((l) => l.startsWith("FAIL ")),
      run.stderr,
    ).toEqual([]);
    expect(lines.at(-1)).toMatch(/^\d+ passed, 0 failed$/);
    expect(run.exitCode).toBe(0);
  }, 900_000);
});
