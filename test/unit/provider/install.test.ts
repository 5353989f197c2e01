import { execFileSync } from "node:child_process";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cliConfigText, hclString } from "../../../provider-bridge/install/cli-config.js";
import { checkLauncher, installProvider } from "../../../provider-bridge/install/install.js";
import { defaultSpareDir } from "../../../provider-bridge/plugin/spare/settings.js";
import { launcherScript, shellQuote } from "../../../provider-bridge/install/launcher.js";
import { terraformPlatform } from "../../../provider-bridge/install/platform.js";
import { tempDirs } from "../../support/temp-dirs.js";

const repo = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const tempDir = tempDirs();

describe("provider install", () => {
  it("names platforms as Terraform does", () => {
    expect(terraformPlatform("linux", "x64")).toBe("linux_amd64");
    expect(terraformPlatform("darwin", "arm64")).toBe("darwin_arm64");
    expect(() => terraformPlatform("aix", "ppc64")).toThrow();
  });

  it("quotes for sh and HCL", () => {
    const odd = '/tmp/it\'s ${x} "q" %{y} \\';
    expect(execFileSync("/bin/sh", ["-c", `printf %s ${shellQuote(odd)}`]).toString()).toBe(odd);
    expect(hclString(odd)).toBe('"/tmp/it\'s $${x} \\"q\\" %%{y} \\\\"');
    expect(cliConfigText("/m", "registry.terraform.io/takoform/takoform")).toContain('include = ["registry.terraform.io/takoform/takoform"]');
  });

  it("writes a launcher that execs node, and leaves it unchanged on reinstall", () => {
    const dir = tempDir("tkf-install-");
    const first = installProvider({ dir, root: repo, version: "0.1.0", platform: "linux_amd64" });
    expect(first.packageDir).toBe(join(dir, "mirror/registry.terraform.io/takoform/takoform/0.1.0/linux_amd64"));
    const text = readFileSync(first.launcher, "utf8");
    expect(text).toBe(
      launcherScript(
        process.execPath,
        join(repo, "bin/takoform.mjs"),
        "0.1.0",
        first.bundle.ok ? first.bundle.start : undefined,
        first.bundle.ok ? defaultSpareDir(first.bundle.start, process.getuid!()) : undefined,
      ),
    );
    expect(text.split("\n")[0]).toBe("#!/bin/sh");
    expect(text).toMatch(/^exec '.+' \$\{TAKOFORM_PROVIDER_NODE_FLAGS:-\} '.+takoform\.mjs' provider "\$@"$/m);
    expect(statSync(first.launcher).mode & 0o111).toBe(0o111);
    expect(readFileSync(first.cliConfigFile, "utf8")).toContain(`path    = ${hclString(join(dir, "mirror"))}`);
    expect(first.launcherReplaced).toBe(false);
    expect(installProvider({ dir, root: repo, version: "0.1.0", platform: "linux_amd64" }).launcherReplaced).toBe(false);
    writeFileSync(first.launcher, "#!/bin/sh\nexit 3\n");
    expect(checkLauncher(first.launcher)).toEqual({ ok: false, message: "the launcher failed: exit 3 " });
    expect(installProvider({ dir, root: repo, version: "0.1.0", platform: "linux_amd64" }).launcherReplaced).toBe(true);
    expect(checkLauncher(first.launcher)).toEqual({ ok: true });
  });

  it("refuses a root without a built CLI", () => {
    const dir = tempDir("tkf-install-");
    expect(() => installProvider({ dir, root: dir, version: "0.1.0" })).toThrow(/no built takoform/);
  });
});
