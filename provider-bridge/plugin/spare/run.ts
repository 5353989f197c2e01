// A spare provider process (ADR 0282). A served provider process starts one ahead of Terraform's
// next call (keep-ready.ts). It loads what every session needs (the bundle, node:http2 and TLS,
// the provider's modules, a server certificate), then offers itself in the spare directory: a
// FIFO, <pid>-<sessions served>.out, and a marker, ready/<pid>, naming it. A launcher claims it
// by renaming the marker to claimed/<pid>.<launcher pid>. The spare then takes the launcher's
// environment, working directory and umask (session.ts), writes the handshake line into the
// FIFO, and serves exactly as a process Terraform started would; the launcher prints the line
// and relays the rest of the FIFO (the provider's log) to Terraform's stderr.
//
// When Terraform shuts the session down, the spare offers itself again (a new FIFO and marker)
// before it closes the old FIFO, whose end is what the launcher, and so Terraform, waits for:
// Terraform's next call finds it, with everything it ran already compiled and optimized. It
// takes back its own environment, directory and umask first and forgets the session's
// connections. It declines a claim (writes one line that is not a handshake; the launcher then
// starts node itself) when the claim is not this user's, the bundle was reinstalled or went stale,
// and exits when unclaimed for its idle time, after MAX_SESSIONS sessions, or when Terraform
// goes away during a session.
//
// A command's spare (ADR 0290) is started by the launcher of the command's first call instead,
// with `--first <launcher pid>`: it serves that call first (its descriptor 3 is a pipe the
// launcher reads as it reads a claimed spare's FIFO), then waits in command-<Terraform's pid>
// under the spare directory for that command's later calls only, and exits as soon as that
// Terraform has.
import { spawn } from "node:child_process";
import { openSync, readdirSync, readlinkSync, renameSync, rmSync, unlinkSync, watch, writeFileSync, writeSync, type FSWatcher } from "node:fs";
import net from "node:net";
import { join } from "node:path";
import { staleBecause } from "../../../launch/stamp.js";
import { forgetSessionConnections } from "../../client/connections.js";
import { generateServerCertificate, type ServerCertificate } from "../certificate.js";
import { installProcessGuards, parentOf, processIdentity, type ProcessIdentity } from "../lifecycle.js";
import { hclogLine, log, setLogLevelFrom, setLogSink } from "../log.js";
import type { PluginIo } from "../serve.js";
import { changedSince, identify } from "./bundle-identity.js";
import { CLAIMED, READY, prepareSpareDir, removeCommandFolder } from "./directory.js";
import { sweepCommandFolders } from "./keep-ready.js";
import { readLauncherSession, type LauncherSession } from "./session.js";
import { CARRIED, COMMAND_DIR_PREFIX, SPARE_DIR_ENV, SPARE_ENV, spareSetting } from "./settings.js";

/** What a spare runs once claimed: the provider with this session's environment and stdio. */
export type SessionRunner = (env: NodeJS.ProcessEnv, io: PluginIo) => Promise<number>;

export const DECLINE = "declined\n";
/** Sessions one spare serves before it exits (and a cold start makes a new one). */
export const MAX_SESSIONS = 100;
/** How often a command's waiting spare looks whether its Terraform still runs. */
const OWNER_POLL_MS = 10;
/** The descriptor of the pipe the launcher of a command's first call reads the spare it starts through. */
const FIRST_FD = 3;

interface Offer {
  out: net.Socket;
  /** The descriptor the FIFO is open on: the launcher checks /proc/<pid>/fd/<fd> is that FIFO (the spare lives). */
  fd: number;
  /** The FIFO's file name in the spare directory, which the marker holds for the launcher. */
  name: string;
  fifo: string;
  marker: string;
}

/**
 * A FIFO for the next session, opened for reading and writing: opening never waits, and the pipe
 * keeps the line until the launcher reads it. mkfifo runs while the current session is served
 * (node has no mkfifo of its own), so it holds up no handshake.
 */
async function makeOffer(dir: string, round: number): Promise<Offer | undefined> {
  const name = `${process.pid}-${round}.out`;
  const fifo = join(dir, name);
  const made = await new Promise<boolean>((resolve) => {
    const child = spawn("mkfifo", ["-m", "600", fifo], { stdio: "ignore" });
    child.on("error", () => resolve(false));
    child.on("exit", (code) => resolve(code === 0));
  });
  if (!made) return undefined;
  const fd = openSync(fifo, "r+");
  const out = new net.Socket({ fd, readable: false, writable: true });
  out.on("error", () => undefined);
  return { out, fd, name, fifo, marker: join(dir, READY, String(process.pid)) };
}

/**
 * Publishes the marker (its content names the FIFO), then calls `published`; resolves to the
 * claiming launcher's pid, or undefined once the offer is withdrawn after `idleMs`.
 */
function claim(dir: string, offered: Offer, idleMs: number, published: () => void, stillWanted?: () => boolean): Promise<number | undefined> {
  return new Promise((resolve) => {
    let watcher: FSWatcher | undefined;
    const prefix = `${process.pid}.`;
    const done = (pid: number | undefined): void => {
      watcher?.close();
      clearTimeout(timer);
      clearInterval(poll);
      resolve(pid);
    };
    const claimedName = (): string | undefined => readdirSync(join(dir, CLAIMED)).find((n) => n.startsWith(prefix));
    watcher = watch(join(dir, CLAIMED), (_event, name) => {
      if (typeof name === "string" && name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length))) done(Number(name.slice(prefix.length)));
    });
    const withdraw = (): void => {
      // Removing the marker is what ends the offer: a launcher's rename of it fails from now on.
      try {
        unlinkSync(offered.marker);
        done(undefined);
      } catch {
        // renamed already: a launcher claimed this spare (the watcher names it, or the folder does)
        const name = claimedName();
        if (name !== undefined) done(Number(name.slice(prefix.length)));
      }
    };
    const timer = setTimeout(withdraw, idleMs);
    const poll =
      stillWanted === undefined
        ? undefined
        : setInterval(() => {
            if (!stillWanted()) withdraw();
          }, OWNER_POLL_MS);
    // Written whole under another name, then renamed: a launcher never reads half a marker.
    writeFileSync(`${offered.marker}.tmp`, `${offered.name} ${offered.fd}\n`, { mode: 0o600 });
    renameSync(`${offered.marker}.tmp`, offered.marker);
    published();
  });
}

/** What a process serves a session in: its environment, working directory and umask. */
interface ProcessContext {
  env: NodeJS.ProcessEnv;
  cwd: string;
  umask: number;
}

/** Makes `context` this process's own: a spare enters a launcher's, and its own again after the session. */
function enter(context: ProcessContext): void {
  for (const name of Object.keys(process.env)) delete process.env[name];
  Object.assign(process.env, context.env);
  process.chdir(context.cwd);
  process.umask(context.umask);
  setLogLevelFrom(context.env);
}

function runs(owner: ProcessIdentity): boolean {
  return processIdentity(owner.pid)?.started === owner.started;
}

/** The pipe of a command's first call, which its launcher gave this process on FIRST_FD. */
function firstOffer(): Offer {
  const out = new net.Socket({ fd: FIRST_FD, readable: false, writable: true });
  out.on("error", () => undefined);
  return { out, fd: FIRST_FD, name: "", fifo: "", marker: "" };
}

/** Whether `pid` still runs the launcher's shell (it execs node itself after a refusal, or has gone). */
function stillShell(pid: number, exe: string | undefined): boolean {
  try {
    return readlinkSync(`/proc/${pid}/exe`) === exe;
  } catch {
    return false;
  }
}

/**
 * bundle and stampFile: what this spare runs. A claim made after either was rewritten with other
 * bytes (a reinstall), or after the bundle went stale (dist/ rebuilt), is declined: the launcher
 * then runs the current code. first: the pid of the launcher of a command's first call (ADR
 * 0290), which started this process; that launcher's Terraform owns the spare.
 */
export async function runSpare(
  dir: string,
  preload: () => Promise<unknown>,
  runSession: SessionRunner,
  bundle: string,
  stampFile: string,
  first?: string,
): Promise<number> {
  const uid = process.getuid!();
  const setting = spareSetting({ ...process.env, [SPARE_DIR_ENV]: dir });
  const opening = first === undefined || !/^[1-9]\d*$/.test(first) ? undefined : { offer: firstOffer(), launcher: Number(first) };
  if (first !== undefined && opening === undefined) return 1;
  // A command's spare waits for its own Terraform's calls only, in that command's folder.
  const owner = opening === undefined ? undefined : processIdentity(parentOf(opening.launcher) ?? 0);
  const home = owner === undefined ? dir : join(dir, `${COMMAND_DIR_PREFIX}${owner.pid}`);
  // Why this spare cannot offer itself (the folders are made and checked here), or undefined.
  const check = (): string | undefined =>
    !setting.on ? (setting.why ?? "spares are off") : (prepareSpareDir(dir, uid) ?? (home === dir ? undefined : prepareSpareDir(home, uid)));
  // A command's first call is served whatever the folders are (its launcher started this process
  // for it, and waits; they are checked once its handshake line is out), and nothing is offered
  // after it when they are not safe.
  let unsafe = opening === undefined ? check() : "not checked yet";
  if (opening === undefined ? unsafe !== undefined : owner === undefined) {
    if (opening !== undefined) await decline(opening.offer, opening.launcher, "the launcher's parent is gone");
    return 1;
  }
  // What this spare runs; a command's first call records it once its handshake line is out.
  let code = opening === undefined ? identify([bundle, stampFile]) : undefined;
  const own: ProcessContext = { env: ownEnvironment(process.env, owner !== undefined), cwd: "/", umask: process.umask() };
  process.chdir(own.cwd);
  if (owner !== undefined) {
    enter(own);
    // Ctrl-C reaches Terraform's whole process group, this spare's too; it ends with Terraform
    // instead. A hang-up (the terminal Terraform ran at closed) ends it, its files removed.
    process.on("SIGINT", () => undefined);
    process.on("SIGHUP", () => process.exit(129));
  }
  let current: Offer | undefined;
  const removeFiles = (): void => {
    const marker = join(home, READY, String(process.pid));
    for (const file of [marker, `${marker}.tmp`]) rmSync(file, { force: true });
    if (unsafe !== undefined) return;
    for (const name of readdirSync(home)) if (name.startsWith(`${process.pid}-`)) rmSync(join(home, name), { force: true });
    if (home !== dir) removeCommandFolder(home);
  };
  process.on("exit", removeFiles);
  process.on("SIGTERM", () => process.exit(143));
  // A command's first call loads the provider after its handshake line, as a cold start does.
  if (opening === undefined) await preload();

  const stillWanted = owner === undefined ? undefined : () => runs(owner);
  // The FIFO of the next offer; a command's folders are made again first (see below).
  const offerNext = (round: number): Promise<Offer | undefined> =>
    unsafe !== undefined || (home !== dir && prepareSpareDir(home, uid) !== undefined) ? Promise.resolve(undefined) : makeOffer(home, round);
  let previous: Offer | undefined;
  let next: Promise<Offer | undefined> = opening === undefined ? makeOffer(home, 0) : Promise.resolve(opening.offer);
  for (let round = 0; round < MAX_SESSIONS; round++) {
    const offered = await next;
    if (offered === undefined) break;
    // Another spare of the same command (Terraform runs providers of several configurations at
    // once) may have removed the folders it found empty when it ended: made again before offering.
    if (round > 0 && home !== dir && prepareSpareDir(home, uid) !== undefined) break;
    current = offered;
    const last = previous;
    let certificate: ServerCertificate | undefined;
    // The launcher of the session just served waits for the end of its FIFO; Terraform starts its
    // next call once that launcher has exited, and finds this spare offered already. The next
    // session's certificate is made while Terraform does that.
    const pid =
      round === 0 && opening !== undefined
        ? opening.launcher
        : await claim(
            home,
            current,
            setting.on ? setting.idleMs : 0,
            () => {
              last?.out.destroy();
              if (last !== undefined && last.fifo !== "") rmSync(last.fifo, { force: true });
              certificate = generateServerCertificate();
            },
            stillWanted,
          );
    if (pid === undefined) return 0;
    rmSync(join(home, CLAIMED, `${process.pid}.${pid}`), { force: true });
    const session = readLauncherSession(pid);
    const refused =
      typeof session === "string"
        ? session
        : session.uid !== uid
          ? `launcher ${pid} is not this user's`
          : owner !== undefined && session.parent !== owner.pid
            ? `launcher ${pid} is not a call of the Terraform command ${owner.pid}`
            : round === 0 && opening !== undefined
              ? undefined // the launcher started this process a moment ago, and its start checked the stamp (plugin/entry.ts)
              : (changedSince(code ?? []) ?? staleBecause(stampFile));
    if (refused !== undefined || typeof session === "string") {
      await decline(current, pid, refused ?? "");
      return 0;
    }
    let following: Promise<Offer | undefined> | undefined;
    const handshaken = (): void => {
      if (code === undefined) {
        code = identify([bundle, stampFile]);
        unsafe = check();
        if (unsafe !== undefined) log("warn", "provider spares off for the rest of this command", { reason: unsafe });
        else sweepCommandFolders(dir);
      }
      following = offerNext(round + 1);
    };
    await serveSession(session, dir, current, pid, certificate ?? generateServerCertificate(), runSession, round, handshaken);
    next = following ?? offerNext(round + 1);
    enter(own);
    setLogSink(() => undefined);
    forgetSessionConnections();
    previous = current;
  }
  previous?.out.destroy();
  return 0;
}

/** A spare's own environment between sessions; a command's spare keeps only CARRIED of the launcher's (no session's secrets). */
function ownEnvironment(env: NodeJS.ProcessEnv, command: boolean): NodeJS.ProcessEnv {
  if (!command) return { ...env };
  const own: NodeJS.ProcessEnv = { [SPARE_ENV]: "command" };
  for (const name of CARRIED) if (env[name] !== undefined) own[name] = env[name];
  return own;
}

/**
 * Writes a line that is not a handshake; the launcher then starts node itself. The FIFO stays
 * open until the launcher has read it (a FIFO closed by every writer loses what it holds, and a
 * launcher opening it then would wait for a writer forever): until the launcher's process no
 * longer runs its shell, for at most ten seconds.
 */
async function decline(offered: Offer, launcher: number, reason: string): Promise<void> {
  log("debug", "spare declined its claim", { reason });
  let exe: string | undefined;
  try {
    exe = readlinkSync(`/proc/${launcher}/exe`);
  } catch {
    exe = undefined;
  }
  offered.out.write(DECLINE);
  const until = Date.now() + 10_000;
  while (exe !== undefined && stillShell(launcher, exe) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
  offered.out.destroy();
  if (offered.fifo !== "") rmSync(offered.fifo, { force: true });
}

/** Serves one session; resolves when Terraform has shut it down (the process exits instead when Terraform goes away). */
function serveSession(
  session: LauncherSession,
  dir: string,
  offered: Offer,
  launcher: number,
  certificate: ServerCertificate,
  runSession: SessionRunner,
  round: number,
  handshaken: () => void,
): Promise<void> {
  const env: NodeJS.ProcessEnv = { [SPARE_DIR_ENV]: dir, ...session.env };
  enter({ env, cwd: session.cwd, umask: session.umask });
  setLogSink((line) => offered.out.write(line));
  // A crash is reported where a process Terraform started would write it (its stderr: Terraform's log), synchronously.
  const report = (error: Error): void => {
    try {
      writeSync(offered.fd, hclogLine("error", "provider crashed", { error: error.stack ?? String(error) }));
    } catch {
      // the launcher is gone
    }
  };
  process.on("uncaughtExceptionMonitor", report);
  return new Promise<void>((resolve) => {
    const io: PluginIo = {
      handshake: (line) => {
        offered.out.write(line);
        handshaken();
      },
      guard: (onExit) => installProcessGuards(onExit, [[session.pid, session.parent]], [offered.out]),
      certificate,
      served: () => log("debug", "served by a spare process", { spare_pid: process.pid, session: round + 1 }),
      ended: () => {
        process.off("uncaughtExceptionMonitor", report);
        resolve();
      },
    };
    void runSession(env, io).then(async (code) => {
      // It returns only when it could not serve (the launcher's environment is not Terraform's): let the launcher say why.
      await decline(offered, launcher, `the provider refused to start (exit ${code})`);
      process.exit(0);
    });
  });
}
