import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateServerCertificate, handshakeCertificate } from "../../../provider-bridge/plugin/certificate.js";
import { time } from "../../../provider-bridge/plugin/der.js";
import { handshakeLine, MAGIC_COOKIE_VALUE, readPluginEnvironment } from "../../../provider-bridge/plugin/environment.js";
import { hclogLine, hclogTimestamp, logEnabled, logThreshold, setLogLevelFrom } from "../../../provider-bridge/plugin/log.js";
import { encodeGrpcMessage } from "../../../provider-bridge/grpc/status.js";

describe("go-plugin environment and handshake", () => {
  it("checks the magic cookie and reads the offered versions as a set", () => {
    expect(readPluginEnvironment({}).ok).toBe(false);
    expect(readPluginEnvironment({ TF_PLUGIN_MAGIC_COOKIE: "nope" }).ok).toBe(false);
    for (const offered of ["5,6", "6,5", "6", ""]) {
      expect(readPluginEnvironment({ TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE, PLUGIN_PROTOCOL_VERSIONS: offered }).ok, offered).toBe(true);
    }
    const only5 = readPluginEnvironment({ TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE, PLUGIN_PROTOCOL_VERSIONS: "5" });
    expect(only5.ok === false && only5.message).toMatch(/protocol 6 only/);
    const tls = readPluginEnvironment({ TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE, PLUGIN_CLIENT_CERT: "PEM" });
    expect(tls.ok && tls.env.clientCertPem).toBe("PEM");
  });

  it("formats the handshake line with six fields", () => {
    expect(handshakeLine("unix", "/tmp/a/provider.sock", "QUJD")).toBe("1|6|unix|/tmp/a/provider.sock|grpc|QUJD\n");
    expect(handshakeLine("tcp", "127.0.0.1:1234", "")).toBe("1|6|tcp|127.0.0.1:1234|grpc|\n");
  });

  it("logs hclog JSON with six fractional digits", () => {
    expect(hclogTimestamp(new Date("2026-12-02T11:27:20.632Z"))).toBe("2026-12-02T11:27:20.632000Z");
    const line = JSON.parse(hclogLine("warn", "m", { k: 1 }, new Date(0)));
    expect(line).toEqual({ "@level": "warn", "@message": "m", "@module": "takoform", "@timestamp": "1970-01-01T00:00:00.000000Z", k: 1 });
  });

  it("writes only the levels TF_LOG_PROVIDER (else TF_LOG) asks for, warnings and errors when neither is set", () => {
    try {
      setLogLevelFrom({});
      expect([logEnabled("trace"), logEnabled("info"), logEnabled("warn"), logEnabled("error")]).toEqual([false, false, true, true]);
      setLogLevelFrom({ TF_LOG: "DEBUG" });
      expect([logEnabled("trace"), logEnabled("debug")]).toEqual([false, true]);
      setLogLevelFrom({ TF_LOG: "DEBUG", TF_LOG_PROVIDER: "trace" });
      expect(logEnabled("trace")).toBe(true);
      setLogLevelFrom({ TF_LOG: "off" });
      expect(logEnabled("error")).toBe(false);
      expect(logThreshold({ TF_LOG: "JSON" })).toBe(logThreshold({ TF_LOG: "TRACE" }));
    } finally {
      setLogLevelFrom(process.env);
    }
  });

  it("percent-encodes grpc-message", () => {
    expect(encodeGrpcMessage("a%b é\n")).toBe("a%25b %C3%A9%0A");
  });
});

describe("server certificate", () => {
  const now = new Date("2026-12-02T12:00:00Z");
  const cert = generateServerCertificate(now, 30);

  it("is a self-signed ECDSA certificate for localhost that Node and openssl both read", () => {
    const c = new X509Certificate(cert.der);
    expect(c.subjectAltName).toBe("DNS:localhost");
    expect(c.subject).toBe("O=takoform\nCN=localhost");
    expect(c.verify(c.publicKey)).toBe(true);
    expect(c.ca).toBe(true);
    expect(c.keyUsage.sort()).toEqual(["1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2"]);
    expect(new Date(c.validFrom).getTime()).toBe(now.getTime() - 30_000);
    expect(new Date(c.validTo).getTime()).toBe(now.getTime() + 30 * 86_400_000);
    expect(cert.certPem).toBe(c.toString());
    const text = execFileSync("openssl", ["x509", "-inform", "DER", "-noout", "-text"], { input: Buffer.from(cert.der) }).toString();
    expect(text).toMatch(/X509v3 Key Usage: critical\s+Digital Signature, Key Encipherment, Key Agreement, Certificate Sign/);
    expect(text).toMatch(/X509v3 Extended Key Usage:\s+TLS Web Server Authentication, TLS Web Client Authentication/);
    expect(text).toMatch(/X509v3 Basic Constraints: critical\s+CA:TRUE/);
    expect(text).toContain("Signature Algorithm: ecdsa-with-SHA256");
    expect(text).toContain("ASN1 OID: prime256v1");
  });

  it("goes into the handshake as unpadded standard base64", () => {
    for (let i = 0; i < 8; i++) {
      const der = generateServerCertificate().der;
      const b64 = handshakeCertificate(der);
      expect(b64).not.toMatch(/[=\n]/);
      expect(Buffer.from(b64, "base64")).toEqual(Buffer.from(der));
    }
  });

  it("switches to GeneralizedTime from 2050", () => {
    expect(
      Buffer.from(time(new Date("2049-12-31T23:59:59Z")))
        .toString("latin1")
        .slice(2),
    ).toBe("491231235959Z");
    expect(
      Buffer.from(time(new Date("2050-01-01T00:00:00Z")))
        .toString("latin1")
        .slice(2),
    ).toBe("20500101000000Z");
  });
});
