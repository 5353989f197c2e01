// The variable the launcher hands NODE_EXTRA_CA_CERTS on under (install/launcher.ts, ADR 0281).
// Its own module: the launcher and a spare's session need the name before the handshake, and
// importing it from extra-ca.ts would load node:https (and node:http and node:tls with it) into
// every provider process before its handshake line instead of at its first call to the host.

export const EXTRA_CA_ENV = "TAKOFORM_PROVIDER_EXTRA_CA_CERTS";
