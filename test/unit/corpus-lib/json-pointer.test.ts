import { describe, expect, it } from "vitest";
import { formatPointer, getAtPointer, matchPointerPattern, parsePointer, pointerMatchesPattern } from "../../../corpus/lib/index.js";

const spec = {
  worker: { name: "w" },
  versions: [{ weight: 1, workerVersion: { name: "v1" } }, { weight: 2 }, { weight: 3, workerVersion: { name: "v3" } }],
  groups: { a: [{ target: 1 }], "b/c": [{ target: 2 }, { target: 3 }] },
};

describe("JSON pointers", () => {
  it("enumerates the concrete pointers of a relation pattern, skipping absent members", () => {
    expect(matchPointerPattern(spec, "/versions/*/workerVersion")).toEqual([
      { pointer: "/versions/0/workerVersion", value: { name: "v1" } },
      { pointer: "/versions/2/workerVersion", value: { name: "v3" } },
    ]);
    expect(matchPointerPattern(spec, "/worker")).toEqual([{ pointer: "/worker", value: { name: "w" } }]);
    expect(matchPointerPattern(spec, "/missing/*/x")).toEqual([]);
    expect(matchPointerPattern(spec, "/groups/*/*/target").map((m) => m.pointer)).toEqual([
      "/groups/a/0/target",
      "/groups/b~1c/0/target",
      "/groups/b~1c/1/target",
    ]);
  });
  it("reads exact pointers with RFC 6901 escapes", () => {
    expect(getAtPointer(spec, "/groups/b~1c/1/target")).toBe(3);
    expect(getAtPointer(spec, "")).toBe(spec);
    expect(getAtPointer(spec, "/versions/01")).toBeUndefined();
    expect(getAtPointer(spec, "/versions/9")).toBeUndefined();
    expect(getAtPointer({ "a~b": 1 }, "/a~0b")).toBe(1);
    expect(getAtPointer(spec, "/worker/toString")).toBeUndefined();
    expect(() => parsePointer("worker")).toThrow(SyntaxError);
  });
  it("formats and matches patterns", () => {
    expect(formatPointer(["a/b", 0, "c~d"])).toBe("/a~1b/0/c~0d");
    expect(pointerMatchesPattern("/versions/3/workerVersion", "/versions/*/workerVersion")).toBe(true);
    expect(pointerMatchesPattern("/versions/3/weight", "/versions/*/workerVersion")).toBe(false);
    expect(pointerMatchesPattern("/versions/workerVersion", "/versions/*/workerVersion")).toBe(false);
  });
});
