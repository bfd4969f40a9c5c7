// The OpenID Connect provider of bench/sso-signin.ts in its own process, so its CPU is not the API's.
//   node --import tsx bench/sso-oidc-idp-child.ts <port> <redirect uri>   (forked with IPC: sends its issuer when ready)
import { startOidcIdp } from '../apps/api/test/sso/oidc-idp.ts';

const [port, redirectUri] = process.argv.slice(2);
const idp = await startOidcIdp({ port: Number(port), redirectUris: [redirectUri ?? ''] });
process.send?.({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret });
process.on('SIGTERM', () => void idp.close().then(() => process.exit(0)));
