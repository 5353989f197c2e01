// The provider's TLS identity for go-plugin AutoMTLS: a fresh self-signed
// ECDSA P-256 certificate per process. Terraform pins exactly this certificate
// (it arrives in the handshake line), verifies it for the name "localhost", and
// requires serverAuth when an extended key usage is present.
import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { bitString, boolean, explicit, octetString, oid, sequence, set, smallInteger, time, tlv, unsignedInteger, utf8String } from "./der.js";

export interface ServerCertificate {
  /** DER bytes: what the handshake line carries (unpadded base64). */
  der: Uint8Array;
  certPem: string;
  keyPem: string;
}

const ECDSA_WITH_SHA256 = "1.2.840.10045.4.3.2";
const ONE_DAY_MS = 86_400_000;

function name(): Uint8Array {
  return sequence(set(sequence(oid("2.5.4.10"), utf8String("takoform"))), set(sequence(oid("2.5.4.3"), utf8String("localhost"))));
}

function extension(id: string, critical: boolean, value: Uint8Array): Uint8Array {
  return critical ? sequence(oid(id), boolean(true), octetString(value)) : sequence(oid(id), octetString(value));
}

function extensions(): Uint8Array {
  // keyUsage: digitalSignature(0) keyEncipherment(2) keyAgreement(4) keyCertSign(5) -> 1010 1100, 2 unused bits
  const keyUsage = bitString(Uint8Array.of(0xac), 2);
  const extKeyUsage = sequence(oid("1.3.6.1.5.5.7.3.1"), oid("1.3.6.1.5.5.7.3.2"));
  const basicConstraints = sequence(boolean(true));
  const subjectAltName = sequence(tlv(0x82, Buffer.from("localhost", "ascii"))); // dNSName [2]
  return explicit(
    3,
    sequence(
      extension("2.5.29.15", true, keyUsage),
      extension("2.5.29.37", false, extKeyUsage),
      extension("2.5.29.19", true, basicConstraints),
      extension("2.5.29.17", false, subjectAltName),
    ),
  );
}

function pem(label: string, der: Uint8Array): string {
  const b64 = Buffer.from(der).toString("base64").replace(/.{64}/g, "$&\n").replace(/\n$/, "");
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

/** Generates the key pair and certificate (a few milliseconds). Valid from 30 s ago for `days` days. */
export function generateServerCertificate(now = new Date(), days = 365): ServerCertificate {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  const algorithm = sequence(oid(ECDSA_WITH_SHA256));
  const tbs = sequence(
    explicit(0, smallInteger(2)),
    unsignedInteger(serial),
    algorithm,
    name(),
    sequence(time(new Date(now.getTime() - 30_000)), time(new Date(now.getTime() + days * ONE_DAY_MS))),
    name(),
    publicKey.export({ type: "spki", format: "der" }),
    extensions(),
  );
  const signature = sign("sha256", tbs, { key: privateKey, dsaEncoding: "der" });
  const der = sequence(tbs, algorithm, bitString(signature));
  const keyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  return { der, certPem: pem("CERTIFICATE", der), keyPem };
}

/** Standard base64 without "=" padding, as go-plugin decodes the handshake's certificate field. */
export function handshakeCertificate(der: Uint8Array): string {
  return Buffer.from(der).toString("base64").replace(/=+$/, "");
}
