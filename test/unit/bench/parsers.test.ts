import { describe, expect, it } from "vitest";
import { parseBenchArgs } from "../../../bench/lib/args.js";
import { parseClock, parseTimeReport } from "../../../bench/lib/time-v.js";
import { providerSourceIn, takoformConfig, terraformDataConfig } from "../../../bench/terraform/config.js";
import { terraformError } from "../../../bench/terraform/errors.js";

describe("GNU time -v report", () => {
  it("parses elapsed clock forms", () => {
    expect(parseClock("0:00.02")).toBe(20);
    expect(parseClock("2:03.45")).toBe(123_450);
    expect(parseClock("1:02:03")).toBe(3_723_000);
    expect(() => parseClock("soon")).toThrow();
  });

  it("reads wall time, peak RSS and the exit status", () => {
    const report = [
      '\tCommand being timed: "node bin/takoform.mjs codegen --out /tmp/x"',
      "\tUser time (seconds): 5.10",
      "\tSystem time (seconds): 0.42",
      "\tElapsed (wall clock) time (h:mm:ss or m:ss): 0:06.16",
      "\tMaximum resident set size (kbytes): 109568",
      "\tExit status: 0",
    ].join("\n");
    expect(parseTimeReport(report)).toEqual({ wallMs: 6160, maxRssBytes: 109568 * 1024, userSeconds: 5.1, systemSeconds: 0.42, exitStatus: 0 });
    expect(() => parseTimeReport("nothing here")).toThrow(/Elapsed/);
  });
});

describe("bench arguments", () => {
  it("defaults to three runs over 100, 1,000 and 10,000 stored resources", () => {
    const { options, only, json } = parseBenchArgs([]);
    expect(options).toMatchObject({ runs: 3, sizes: [100, 1000, 10_000], terraformCounts: [10, 100, 500], keep: false, creates: 2000, createWarmup: 300 });
    expect(only).toBeUndefined();
    expect(json).toBeUndefined();
  });

  it("reads --json, repeated and comma-separated --only, and lists", () => {
    const args = parseBenchArgs(["--json", "out.json", "--only", "host,codegen", "--only", "terraform", "--sizes", "10,20", "--runs", "5"]);
    expect(args.json).toBe("out.json");
    expect(args.only).toEqual(["host", "codegen", "terraform"]);
    expect(args.options.sizes).toEqual([10, 20]);
    expect(args.options.runs).toBe(5);
  });

  it("refuses fewer than three runs and malformed lists", () => {
    expect(() => parseBenchArgs(["--runs", "2"])).toThrow(/at least 3/);
    expect(() => parseBenchArgs(["--sizes", "100,x"])).toThrow(/--sizes/);
    expect(() => parseBenchArgs(["--bogus"])).toThrow();
    expect(() => parseBenchArgs(["--create-warmup", "-1"])).toThrow(/--create-warmup/);
  });

  it("takes --creates and --create-warmup, 0 turning the warm-up off", () => {
    expect(parseBenchArgs(["--creates", "500", "--create-warmup", "0"]).options).toMatchObject({ creates: 500, createWarmup: 0 });
    expect(parseBenchArgs(["--create-warmup", "50"]).options.createWarmup).toBe(50);
  });
});

describe("terraform configurations and errors", () => {
  it("writes N instances of each side", () => {
    expect(terraformDataConfig(500)).toContain("count = 500");
    expect(terraformDataConfig(500)).toContain('input = "value-${count.index}"');
    const tako = takoformConfig(10, { source: "registry.terraform.io/takoform/takoform", endpoint: "http://127.0.0.1:1", token: "t", space: "s" });
    expect(tako).toContain('source = "registry.terraform.io/takoform/takoform"');
    expect(tako).toContain('resource "takoform_edge_kv_namespace" "r" {\n  count = 10\n  name  = "kv-10-${count.index}"');
    // each run can name its own resources
    expect(takoformConfig(10, { source: "s/takoform", endpoint: "http://127.0.0.1:1", token: "t", space: "s" }, "10-r2")).toContain(
      'name  = "kv-10-r2-${count.index}"',
    );
  });

  it("finds the provider source address in an installed CLI configuration", () => {
    const config =
      'provider_installation {\n  filesystem_mirror {\n    path = "/tmp/x/mirror"\n    include = ["registry.terraform.io/takoform/takoform"]\n  }\n}';
    expect(providerSourceIn(config)).toBe("registry.terraform.io/takoform/takoform");
    expect(providerSourceIn("disable_checkpoint = true")).toBe("takoform/takoform");
  });

  it("flattens a boxed diagnostic into one line without source pointers", () => {
    const stderr = ["╷", "│ Error: Failed to load plugin schemas", "│ ", "│   with takoform_edge_kv_namespace.r,", "│ Could not load the schema.", "╵"].join(
      "\n",
    );
    expect(terraformError(stderr)).toBe("Error: Failed to load plugin schemas Could not load the schema.");
    expect(terraformError("", "plain failure")).toBe("plain failure");
  });

  it("keeps only the first of repeated diagnostics and drops quoted source lines", () => {
    const one = [
      "╷",
      "│ Error: Cannot create yet",
      "│ ",
      "│   with takoform_edge_kv_namespace.r[0],",
      '│   on main.tf line 15, in resource "x" "r":',
      '│   15: resource "x" "r" {',
      "│ ",
      "│ Not yet.",
      "╵",
    ];
    const stderr = [...one, ...one.map((l) => l.replace("[0]", "[1]"))].join("\n");
    expect(terraformError(stderr)).toBe("Error: Cannot create yet Not yet.");
  });
});
