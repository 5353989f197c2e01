// Headless Chromium for the console tests: Debian's /usr/bin/chromium driven by playwright-core
// (never a browser playwright downloads), a fresh user-data-dir per launch, no network beyond the
// page's own origin. Where chromium is absent (a user's machine) the tests skip with one line;
// .ci/run installs it and sets TAKOFORM_REQUIRE_CHROMIUM=1, so CI never skips them.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** True when the console tests must skip (no chromium, and CI did not require it); says so once. */
export function chromiumMissing(): boolean {
  const missing = !existsSync(CHROMIUM) && process.env["TAKOFORM_REQUIRE_CHROMIUM"] !== "1";
  if (missing)
    console.warn(
      `console e2e in Chromium skipped: ${CHROMIUM} is absent (apt-get install -y chromium); CI sets TAKOFORM_REQUIRE_CHROMIUM=1 and never skips it`,
    );
  return missing;
}

export interface ConsoleBrowser {
  page: Page;
  /** Uncaught errors of the page's script; a test expects none. */
  pageErrors: string[];
  close(): Promise<void>;
}

export async function launchConsoleBrowser(): Promise<ConsoleBrowser> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), "takoform-chromium-"));
  const context: BrowserContext = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, headless: true, args: ARGS });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  return {
    page,
    pageErrors,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
