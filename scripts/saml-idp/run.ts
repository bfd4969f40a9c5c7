import { samlIdpMissing, startSamlIdp } from './saml-idp.ts';

/**
 * Run the local SimpleSAMLphp test IdP until Ctrl-C (docs/sso.md, "Try it with a local IdP"):
 *   npx tsx scripts/saml-idp/run.ts [--port 8089] [--sp-metadata <MentorBridge SP metadata URL>]
 * Test users: ravi / Ravi@123 (student) and meera / Meera@123 (staff), at the e-mail domain given by
 * --domain (default iitd.ac.in, the demo university).
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const missing = samlIdpMissing();
if (missing) {
  console.error(missing);
  process.exit(1);
}
const port = Number(option('port') ?? 8089);
const domain = option('domain') ?? 'iitd.ac.in';
const idp = await startSamlIdp({ port });
const person = (username: string, given: string, family: string, affiliation: string) =>
  idp.setUser({
    username,
    password: `${given}@123`,
    attributes: {
      uid: [username],
      eduPersonPrincipalName: [`${username}@${domain}`],
      mail: [`${username}@${domain}`],
      givenName: [given],
      sn: [family],
      displayName: [`${given} ${family}`],
      eduPersonAffiliation: [affiliation, 'member'],
      eduPersonScopedAffiliation: [`${affiliation}@${domain}`],
    },
  });
person('ravi', 'Ravi', 'Kumar', 'student');
person('meera', 'Meera', 'Iyer', 'staff');
const spMetadata = option('sp-metadata');
if (spMetadata) {
  const res = await fetch(spMetadata);
  if (!res.ok) throw new Error(`${spMetadata} answered ${res.status}`);
  idp.registerSpMetadata(await res.text());
  console.log(`Registered the service provider from ${spMetadata}`);
}
console.log(`SimpleSAMLphp test IdP at ${idp.baseUrl}\n  metadata URL: ${idp.metadataUrl}\n  users: ravi / Ravi@123 (student), meera / Meera@123 (staff) at ${domain}`);
const stop = async () => {
  await idp.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
