import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for API tests (ES256, "none" attestation, discoverable): it builds the
 * attestation and assertion a browser would return, so the server's real verification runs. Browser
 * journeys use Chromium's virtual authenticator instead.
 */
export function softAuthenticator(origin: string, rpId: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  let counter = 0;
  let userHandle: Buffer | null = null;
  const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
  const rpIdHash = createHash('sha256').update(rpId).digest();
  const cosePublicKey = () => {
    const jwk = (publicKey as KeyObject).export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  };
  const clientData = (type: string, challenge: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  return {
    credentialId: b64(credentialId),
    /** navigator.credentials.create(), as @simplewebauthn/browser returns it. */
    register(options: { challenge: string; user: { id: string } }) {
      userHandle = Buffer.from(options.user.id, 'base64url');
      const flags = 0x01 | 0x04 | 0x40; // user present, verified, attested credential data
      const idLen = Buffer.alloc(2);
      idLen.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([rpIdHash, Buffer.from([flags]), Buffer.alloc(4), Buffer.alloc(16), idLen, credentialId, Buffer.from(cosePublicKey())]);
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: { clientDataJSON: b64(clientData('webauthn.create', options.challenge)), attestationObject: b64(attestationObject), transports: ['internal'] },
      };
    },
    /** navigator.credentials.get(). */
    assert(options: { challenge: string }, tamper = false) {
      counter += 1;
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x01 | 0x04]), count]);
      const cdj = clientData('webauthn.get', options.challenge);
      const signer = createSign('SHA256');
      signer.update(Buffer.concat([authData, createHash('sha256').update(cdj).digest()]));
      const signature = signer.sign(privateKey);
      if (tamper) signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 0xff, signature.length - 1);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(cdj),
          authenticatorData: b64(authData),
          signature: b64(signature),
          ...(userHandle ? { userHandle: b64(userHandle) } : {}),
        },
      };
    },
  };
}
