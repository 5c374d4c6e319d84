// A software authenticator for tests over HTTP: it answers a passkey registration's options with a
// response the server verifies as a browser's would ("none" attestation, a new P-256 key, the user
// present and verified), so tests can register passkeys without a browser.
import crypto from "node:crypto";

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

/** The few CBOR shapes a WebAuthn attestation needs: small integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new Error(`cannot encode ${typeof value}`);
}

/** The registration response to `options` (from generate-register-options) for a page at `origin`. */
export function registrationResponse(options: { challenge: string; rp: { id?: string } }, origin: string) {
  const { publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const coseKey = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x!, "base64url")],
    [-3, Buffer.from(jwk.y!, "base64url")],
  ]);
  const credentialId = crypto.randomBytes(16);
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const authData = Buffer.concat([
    crypto.createHash("sha256").update(rpId).digest(),
    Buffer.from([0x45]), // user present, user verified, attested credential data
    Buffer.alloc(4), // signature counter
    Buffer.alloc(16), // AAGUID
    Buffer.from([0, credentialId.length]),
    credentialId,
    cbor(coseKey),
  ]);
  const attestationObject = cbor(
    new Map<string, unknown>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData],
    ]),
  );
  const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false }));
  return {
    id: b64url(credentialId),
    rawId: b64url(credentialId),
    type: "public-key",
    authenticatorAttachment: "platform",
    clientExtensionResults: {},
    response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ["internal"] },
  };
}
