import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { spaIndexPresent } from "../../../host/rules/assets/spa-index.js";
import { decodeAssetPath, resolveAssetPath } from "../../../host/rules/assets/asset-path.js";
import { isArtifactPath } from "../../../host/rules/artifacts/relative-path.js";
import { EDGE_GROUP } from "../../../corpus/lib/index.js";

const EDGE = EDGE_GROUP;
const assets = (notFoundHandling: string) => ({
  assets: { bundle: { apiVersion: EDGE, kind: "StaticAssetBundle", name: "site" }, runWorkerFirst: false, notFoundHandling },
});
const file = (path: string) => ({ path, mediaType: "text/html", size: 1, digest: "sha256:" + "0".repeat(64) });

describe("single_page_application requires index.html (static-asset-spa-paths)", () => {
  it("refuses an SPA version whose referenced manifest has no index.html", () => {
    const out = spaIndexPresent(assets("single_page_application"), { files: [file("app.js"), file("docs/index.html")] });
    expect(out).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/assets/notFoundHandling" });
  });

  it("accepts it with index.html, and never asks for one under none or without assets", () => {
    expect(spaIndexPresent(assets("single_page_application"), { files: [file("index.html")] })).toEqual({ ok: true });
    expect(spaIndexPresent(assets("none"), { files: [file("app.js")] })).toEqual({ ok: true });
    expect(spaIndexPresent({}, undefined)).toEqual({ ok: true });
  });
});

describe("runtime asset path resolution", () => {
  const manifest = new Set(["index.html", "app.js", "img/logo.png", "caf\u00e9" /* present, yet no pathname can name it */]);
  const has = (p: string) => manifest.has(p);

  it("hits exact paths, ignoring query and fragment, decoding once", () => {
    expect(resolveAssetPath("/app.js?v=3#top", has, "none")).toEqual({ kind: "hit", path: "app.js" });
    expect(resolveAssetPath("/img/logo%2Epng", has, "none")).toEqual({ kind: "hit", path: "img/logo.png" });
  });

  it("treats / as the canonical empty-path miss", () => {
    expect(resolveAssetPath("/", has, "none")).toEqual({ kind: "miss" });
    expect(resolveAssetPath("/", has, "single_page_application")).toEqual({ kind: "fallback", path: "index.html" });
  });

  it("falls back to index.html only for valid misses", () => {
    expect(resolveAssetPath("/dashboard/settings", has, "single_page_application")).toEqual({ kind: "fallback", path: "index.html" });
    expect(resolveAssetPath("/dashboard/settings", has, "none")).toEqual({ kind: "miss" });
  });

  it.each([
    ["/img%2Flogo.png", /encoded \//],
    ["/img%2flogo.png", /encoded \//],
    ["/img%5Clogo.png", /encoded \\/],
    ["/img\\logo.png", /backslash/],
    ["//app.js", /empty or repeated/],
    ["/img//logo.png", /empty or repeated/],
    ["/img/", /empty or repeated/],
    ["/img/./logo.png", /dot segment/],
    ["/img/%2E%2E/app.js", /dot segment/],
    ["/..", /dot segment/],
    ["/app%00.js", /control/],
    ["/app%7F.js", /control/],
    ["/app%C2%85.js", /control/],
    ["/app%EF%B7%90.js", /noncharacter/],
    ["/app%EF%BF%BE.js", /noncharacter/],
    ["/app%zz.js", /malformed/],
    ["/app%4", /malformed/],
    ["/app%C3%28.js", /not valid UTF-8/],
    ["/app%ED%A0%80.js", /not valid UTF-8/],
    ["/caf%C3%A9", /not a manifest path/],
    ["/%252F", /not a manifest path/],
    ["/a b", /unescaped character/],
    ["app.js", /does not start with \//],
  ])("%s is invalid and never enters SPA fallback", (pathname, reason) => {
    const out = resolveAssetPath(pathname, has, "single_page_application");
    expect(out.kind).toBe("invalid");
    if (out.kind === "invalid") expect(out.reason).toMatch(reason);
  });

  const segment = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9._-]{0,12}$/).filter((s) => s !== "." && s !== "..");
  const manifestPath = fc
    .array(segment, { minLength: 1, maxLength: 5 })
    .map((s) => s.join("/"))
    .filter(isArtifactPath);

  it("property: any manifest path, escaped in any mix of raw and %XX, resolves to itself", () => {
    fc.assert(
      fc.property(manifestPath, fc.array(fc.boolean(), { minLength: 300, maxLength: 300 }), fc.boolean(), (path, flips, upper) => {
        let escaped = "";
        [...path].forEach((ch, i) => {
          if (ch !== "/" && flips[i]) {
            const hex = ch.charCodeAt(0).toString(16).padStart(2, "0");
            escaped += "%" + (upper ? hex.toUpperCase() : hex);
          } else escaped += ch;
        });
        expect(resolveAssetPath("/" + escaped + "?q=1", (p) => p === path, "single_page_application")).toEqual({ kind: "hit", path });
      }),
    );
  });

  it("property: an invalid result is never a fallback, and a decoded path always satisfies the grammar", () => {
    const chars = fc.constantFrom("/", "%", "2", "F", "f", "5", "C", "E", ".", "a", "\\", "?", "#", "0", "%2F", "%2e", "%C3", "%A9", "%00", "%EF%BF%BF", "_");
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 24 }).map((xs) => "/" + xs.join("")),
        (pathname) => {
          const spa = resolveAssetPath(pathname, () => false, "single_page_application");
          const decoded = decodeAssetPath(pathname);
          if (typeof decoded === "string") {
            expect(decoded === "" || isArtifactPath(decoded)).toBe(true);
            expect(spa.kind).toBe("miss"); // no index.html in this manifest
          } else {
            expect(spa.kind).toBe("invalid");
          }
          const withIndex = resolveAssetPath(pathname, (p) => p === "index.html", "single_page_application");
          expect(withIndex.kind === "fallback" || withIndex.kind === "hit").toBe(typeof decoded === "string");
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("property: an encoded / or \\ anywhere makes the path invalid", () => {
    fc.assert(
      fc.property(manifestPath, fc.constantFrom("%2F", "%2f", "%5C", "%5c"), fc.nat(), (path, enc, at) => {
        const i = at % (path.length + 1);
        const pathname = "/" + path.slice(0, i) + enc + path.slice(i);
        expect(resolveAssetPath(pathname, () => true, "single_page_application").kind).toBe("invalid");
      }),
    );
  });
});
