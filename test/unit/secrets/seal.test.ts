// Sealing (ADR 0200): a value opens only at the address it was sealed for, under the key it was
// sealed with, and the key file is created 0600 and reused.

import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SecretBox, secretsKey } from "../../../host/secrets/seal.js";
import { missingSensitiveVars, secretNameRule, secretValueRule } from "../../../host/secrets/rules.js";
import { tempDirs } from "../../support/temp-dirs.js";

const tempDir = tempDirs();
const at = { tenant: "t", space: "s", worker: "w", name: "API_TOKEN" };

describe("sealing", () => {
  it("round-trips, and refuses a moved, altered or foreign-key value", () => {
    const dir = tempDir("takoform-seal-");
    const box = SecretBox.forDataDir(dir);
    const sealed = box.seal(at, "hunter2-sensitive");
    expect(Buffer.from(sealed.data, "base64").toString("utf8")).not.toContain("hunter2");
    expect(box.unseal(at, sealed)).toBe("hunter2-sensitive");
    expect(() => box.unseal({ ...at, tenant: "other" }, sealed)).toThrow();
    expect(() => box.unseal({ ...at, worker: "x" }, sealed)).toThrow();
    const data = Buffer.from(sealed.data, "base64");
    data[0]! ^= 1;
    expect(() => box.unseal(at, { ...sealed, data: data.toString("base64") })).toThrow();
    expect(() => SecretBox.forDataDir(tempDir("takoform-seal-")).unseal(at, sealed)).toThrow();
    expect(statSync(path.join(dir, "secrets.key")).mode & 0o777).toBe(0o600);
    const key = readFileSync(path.join(dir, "secrets.key"));
    expect(secretsKey(dir)).toEqual(Buffer.from(key.toString("utf8").trim(), "base64"));
  });

  it("rules: names, bodies and missing names", () => {
    expect(secretNameRule("API_TOKEN")).toBeUndefined();
    expect(secretNameRule("api")?.code).toBe("invalid_argument");
    expect(secretValueRule({ value: "x" })).toEqual({ value: "x" });
    expect("error" in secretValueRule({ value: "" })).toBe(true);
    expect(missingSensitiveVars(["A", "B", "C"], (n) => n === "B")).toEqual(["A", "C"]);
  });
});
