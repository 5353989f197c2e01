// Which origin discovery may advertise (Host API v1beta1 "Discovery": endpoints are same-origin,
// and a client refuses plain HTTP for a non-loopback origin). The Host header is the client's
// word, so it is believed only for a loopback name; a host behind a proxy is told its public
// origin with --public-url, and then advertises that whatever the Host header says.

import { refuse, type HostError } from "../errors.js";

const HOST_HEADER = /^(?<name>[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(?<port>[0-9]{1,5}))?$/;
const LOOPBACK = /^(?:localhost|127(?:\.[0-9]{1,3}){3}|\[::1\])$/i;

/** A loopback host name as it appears in a URL or a Host header. */
export function isLoopbackName(name: string): boolean {
  return LOOPBACK.test(name);
}

/** The origin of a --public-url value: https, or http on a loopback name; no path, query or userinfo. */
export function publicOrigin(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "" || (url.pathname !== "/" && url.pathname !== "")) return undefined;
  if (url.protocol === "https:" || (url.protocol === "http:" && isLoopbackName(url.hostname))) return url.origin;
  return undefined;
}

/** The origin to advertise, or the refusal when the client addressed a name this host may not claim. */
export function discoveryOrigin(hostHeader: string | undefined, publicUrl: string | undefined, listening: string): string | HostError {
  if (publicUrl !== undefined) return publicUrl;
  if (hostHeader === undefined) return listening;
  const match = HOST_HEADER.exec(hostHeader);
  const port = match?.groups?.["port"];
  if (match === null || (port !== undefined && (Number(port) < 1 || Number(port) > 65535))) {
    return refuse.invalid_argument(`the Host header ${JSON.stringify(hostHeader)} is not a host[:port] with a port 1..65535`);
  }
  if (isLoopbackName(match.groups!["name"]!)) return `http://${hostHeader.toLowerCase()}`;
  return refuse.invalid_argument(
    `discovery over plain HTTP is served for loopback origins only; ${match.groups!["name"]} is not one. ` +
      "A host reached through a proxy is started with --public-url https://<its public name>",
  );
}
