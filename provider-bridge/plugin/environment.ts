// What go-plugin's client tells a plugin process through its environment.
// Terraform and OpenTofu share the magic cookie below.

export const MAGIC_COOKIE_KEY = "TF_PLUGIN_MAGIC_COOKIE";
export const MAGIC_COOKIE_VALUE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
export const CORE_PROTOCOL_VERSION = 1;
export const APP_PROTOCOL_VERSION = 6;

export interface PluginEnvironment {
  /** PEM of Terraform's client certificate when AutoMTLS is on; undefined means plaintext. */
  clientCertPem: string | undefined;
  protocolVersion: 6;
}

export type EnvironmentCheck = { ok: true; env: PluginEnvironment } | { ok: false; message: string };

export function readPluginEnvironment(env: NodeJS.ProcessEnv): EnvironmentCheck {
  if (env[MAGIC_COOKIE_KEY] !== MAGIC_COOKIE_VALUE) {
    return {
      ok: false,
      message:
        "takoform provider: this is a Terraform/OpenTofu provider plugin, started by `terraform` itself " +
        `(the ${MAGIC_COOKIE_KEY} handshake variable is missing or wrong). Install it with ` +
        "`takoform provider install` and run terraform instead.",
    };
  }
  const offered = env["PLUGIN_PROTOCOL_VERSIONS"];
  if (offered !== undefined && offered.trim() !== "") {
    // The order is Go map order, so random: read it as a set.
    const versions = new Set(offered.split(",").map((v) => v.trim()));
    if (!versions.has(String(APP_PROTOCOL_VERSION))) {
      return {
        ok: false,
        message: `takoform provider: speaks plugin protocol ${APP_PROTOCOL_VERSION} only, the client offered ${offered}; use Terraform >= 1.0 or OpenTofu`,
      };
    }
  }
  const cert = env["PLUGIN_CLIENT_CERT"];
  return { ok: true, env: { clientCertPem: cert && cert.trim() !== "" ? cert : undefined, protocolVersion: APP_PROTOCOL_VERSION } };
}

/** The one stdout line go-plugin reads: core|app|network|address|grpc|unpadded-base64-DER. */
export function handshakeLine(network: "unix" | "tcp", address: string, certBase64: string): string {
  return `${CORE_PROTOCOL_VERSION}|${APP_PROTOCOL_VERSION}|${network}|${address}|grpc|${certBase64}\n`;
}
