// The key set behind the sqlite store's key index and the postgres tenant views
// (host/store/sorted-keys.ts): after any sequence of adds and deletes, through the tree's node
// splits and merges, it answers membership, a prefix's keys in order and whether a prefix has any
// exactly as a plain sorted set.

import { describe, expect, it } from "vitest";
import { SortedKeys } from "../../../host/store/sorted-keys.js";
import { prefixEnd } from "../../../host/store/store.js";

/** A small deterministic generator, so a failure names a seed that replays it. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function modelWithin(model: Set<string>, prefix: string): string[] {
  const end = prefixEnd(prefix);
  return [...model].filter((key) => key >= prefix && key < end).sort();
}

describe("SortedKeys", () => {
  it("starts from a sorted array and answers ranges from it", () => {
    const keys = new SortedKeys(["a/1", "a/2", "b/1"]);
    expect(keys.size).toBe(3);
    expect(keys.has("a/2")).toBe(true);
    expect(keys.has("a/3")).toBe(false);
    expect(keys.within("a/")).toEqual(["a/1", "a/2"]);
    expect(keys.anyWithin("b/")).toBe(true);
    expect(keys.anyWithin("c/")).toBe(false);
    expect(keys.within("c/")).toEqual([]);
    // a prefix that is itself a key, the last under it: the range starts at the key
    expect(keys.anyWithin("a/2")).toBe(true);
    expect(keys.within("a/2")).toEqual(["a/2"]);
  });

  it("a key deleted and added back is listed once", () => {
    const keys = new SortedKeys(["a/1", "a/2"]);
    keys.delete("a/1");
    expect(keys.within("a/")).toEqual(["a/2"]);
    keys.add("a/1");
    keys.add("a/1");
    expect(keys.within("a/")).toEqual(["a/1", "a/2"]);
    expect(keys.size).toBe(2);
    keys.add("a/0");
    keys.delete("a/0");
    expect(keys.anyWithin("a/0")).toBe(false);
  });

  for (const seed of [1, 2, 3, 4, 5]) {
    it(`agrees with a plain set over 20,000 random adds and deletes (seed ${seed})`, () => {
      const next = random(seed);
      const name = () => `t/${Math.floor(next() * 6)}/${Math.floor(next() * 3000)}`;
      const model = new Set<string>();
      const initial = Array.from({ length: 300 }, name);
      for (const key of initial) model.add(key);
      const keys = new SortedKeys([...model].sort());
      for (let step = 0; step < 20_000; step++) {
        const key = name();
        if (next() < 0.55) {
          keys.add(key);
          model.add(key);
        } else {
          keys.delete(key);
          model.delete(key);
        }
        if (step % 397 === 0) {
          const prefix = `t/${Math.floor(next() * 7)}/${next() < 0.5 ? "" : Math.floor(next() * 40)}`;
          expect(keys.within(prefix)).toEqual(modelWithin(model, prefix));
          expect(keys.anyWithin(prefix)).toBe(modelWithin(model, prefix).length > 0);
          expect(keys.has(key)).toBe(model.has(key));
          expect(keys.size).toBe(model.size);
        }
      }
      expect(keys.within("t/")).toEqual(modelWithin(model, "t/"));
    });
  }
});
