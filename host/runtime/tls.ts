// The gateway's certificate: a self-signed certificate the host generates once into
// DATA/runtime/tls/ for its endpoint domain (*.DOMAIN, DOMAIN, localhost), reused on later starts.

import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { webcrypto } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface GatewayCertificate {
  key: string;
  cert: string;
}

export async function gatewayCertificate(dataDir: string, endpointDomain: string): Promise<GatewayCertificate> {
  const dir = path.join(dataDir, "runtime", "tls");
  const keyFile = path.join(dir, "gateway-key.pem");
  const certFile = path.join(dir, "gateway-cert.pem");
  const domainFile = path.join(dir, "domain");
  if (existsSync(keyFile) && existsSync(certFile) && existsSync(domainFile) && readFileSync(domainFile, "utf8") === endpointDomain) {
    return { key: readFileSync(keyFile, "utf8"), cert: readFileSync(certFile, "utf8") };
  }
  x509.cryptoProvider.set(webcrypto as unknown as Crypto);
  const algorithm = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
  const keys = await webcrypto.subtle.generateKey(algorithm, true, ["sign", "verify"]);
  const now = Date.now();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString("hex"),
    name: `CN=${endpointDomain}`,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 365 * 24 * 3600 * 1000),
    keys: keys as unknown as CryptoKeyPair,
    signingAlgorithm: algorithm,
    extensions: [
      new x509.SubjectAlternativeNameExtension([
        { type: "dns", value: `*.${endpointDomain}` },
        { type: "dns", value: endpointDomain },
        { type: "dns", value: "localhost" },
      ]),
      new x509.BasicConstraintsExtension(false),
    ],
  });
  const pkcs8 = await webcrypto.subtle.exportKey("pkcs8", keys.privateKey);
  const key = `-----BEGIN PRIVATE KEY-----\n${Buffer.from(pkcs8)
    .toString("base64")
    .replace(/(.{64})/g, "$1\n")}\n-----END PRIVATE KEY-----\n`;
  const cert = certificate.toString("pem") + "\n";
  mkdirSync(dir, { recursive: true });
  writeFileSync(keyFile, key, { mode: 0o600 });
  writeFileSync(certFile, cert);
  writeFileSync(domainFile, endpointDomain);
  return { key, cert };
}
