// `takoform host` store options: --store postgres needs a database URL, from --database-url or
// TAKOFORM_DATABASE_URL; the URL is refused for the embedded engines.

import { describe, expect, it } from "vitest";
import { parseHostOptions, UsageError } from "../../../host/options.js";

describe("host store options", () => {
  it("takes the database URL from the flag, else from TAKOFORM_DATABASE_URL", () => {
    expect(parseHostOptions(["--store", "postgres", "--database-url", "postgres://h/db"], "/", {}).databaseUrl).toBe("postgres://h/db");
    expect(parseHostOptions(["--store", "postgres"], "/", { TAKOFORM_DATABASE_URL: "postgres://env/db" }).databaseUrl).toBe("postgres://env/db");
    expect(
      parseHostOptions(["--store", "postgres", "--database-url", "postgres://flag/db"], "/", { TAKOFORM_DATABASE_URL: "postgres://env/db" }).databaseUrl,
    ).toBe("postgres://flag/db");
  });

  it("refuses postgres without a URL, a URL that is not postgres://, and a URL for sqlite", () => {
    expect(() => parseHostOptions(["--store", "postgres"], "/", {})).toThrow(
      new UsageError("--store postgres needs --database-url URL or TAKOFORM_DATABASE_URL"),
    );
    expect(() => parseHostOptions(["--store", "postgres", "--database-url", "mysql://x"], "/", {})).toThrow(/must be a postgres:\/\/ URL/);
    expect(() => parseHostOptions(["--database-url", "postgres://h/db"], "/", {})).toThrow(/applies to --store postgres only/);
  });

  it("parses --metrics and --drain-delay-ms", () => {
    const options = parseHostOptions(["--metrics", "--drain-delay-ms", "2500"], "/", {});
    expect(options).toMatchObject({ metrics: true, drainDelayMs: 2500 });
    expect(() => parseHostOptions(["--drain-delay-ms", "-1"], "/", {})).toThrow(/--drain-delay-ms must be/);
  });
});
