import { describe, expect, it } from "vitest";
import { bearerAuthenticator } from "../../../host/auth/authenticate.js";
import { CredentialsError, parseCredentials } from "../../../host/auth/credentials.js";
import { HostError } from "../../../host/errors.js";

describe("credentials", () => {
  it("parses the credentials document and refuses malformed ones", () => {
    const good = { credentials: [{ token: "abcdefghijklmnop", tenant: "t", principal: "p" }] };
    expect(parseCredentials(JSON.stringify(good), "f")).toEqual(good.credentials);
    for (const bad of [
      "{}",
      '{"credentials":[]}',
      '{"credentials":[{"token":"short","tenant":"t","principal":"p"}]}',
      '{"credentials":[{"token":"abcdefghijklmnop","tenant":"","principal":"p"}]}',
      '{"credentials":[{"token":"abcdefghijklmnop","tenant":"t","principal":"p","extra":1}]}',
      '{"credentials":[{"token":"abcdefghijklmnop","tenant":"t","principal":"p"},{"token":"abcdefghijklmnop","tenant":"u","principal":"q"}]}',
      '{"credentials":[{"token":"abcdefghijklmnop","token":"abcdefghijklmnoq","tenant":"t","principal":"p"}]}',
    ]) {
      expect(() => parseCredentials(bad, "f"), bad).toThrow(CredentialsError);
    }
  });

  it("authenticates bearer tokens to their tenant and principal, and nothing else", () => {
    const authenticate = bearerAuthenticator([
      { token: "aaaaaaaaaaaaaaaa", tenant: "t1", principal: "p1" },
      { token: "bbbbbbbbbbbbbbbb", tenant: "t2", principal: "p2" },
    ]);
    expect(authenticate("Bearer bbbbbbbbbbbbbbbb")).toMatchObject({ tenant: "t2", principal: "p2" });
    for (const header of [undefined, "", "Bearer", "Basic YTpi", "Bearer aaaaaaaaaaaaaaa", "Bearer aaaaaaaaaaaaaaaaa", "Bearer a b"]) {
      const result = authenticate(header);
      expect(result instanceof HostError && result.code, String(header)).toBe("unauthenticated");
    }
  });
});
