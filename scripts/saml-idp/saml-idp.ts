import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A real SAML 2.0 identity provider on this machine: Debian's SimpleSAMLphp (package `simplesamlphp`,
 * 1.19 on Debian 12) served by `php -S` (packages `php-cli php-xml php-mbstring`). Used by the SAML journey and by people
 * trying MentorBridge's SAML set-up without a university IdP (docs/sso.md).
 *
 * Everything lives in a fresh directory: config (the package's own config.php with our overrides), a
 * self-signed signing certificate, the test users with eduPerson attributes (users.json, read on each
 * request, so users can be added while it runs) and the service providers it knows (sp/*.php, written
 * by `registerSp` from MentorBridge's SP metadata — what an IT department does at its IdP).
 */

export const SIMPLESAMLPHP_DIR = process.env.SIMPLESAMLPHP_DIR ?? '/usr/share/simplesamlphp';

export interface SamlIdpUser {
  username: string;
  password: string;
  /** SAML attribute name (friendly: eduPersonPrincipalName, mail, givenName, sn, displayName, eduPersonAffiliation …) → values. */
  attributes: Record<string, string[]>;
}

export interface SamlIdp {
  baseUrl: string;
  entityId: string;
  metadataUrl: string;
  /** Add or replace a user (takes effect at the next sign-in). */
  setUser(user: SamlIdpUser): void;
  /**
   * Trust a service provider: its entity id, ACS URL, (optional) single logout URL and signing
   * certificates. With certificates, the IdP REQUIRES its AuthnRequests, LogoutRequests and
   * LogoutResponses to be signed by one of them (`validate.authnrequest`, `validate.logout`).
   */
  registerSp(sp: { entityId: string; acsUrl: string; sloUrl?: string | null; signingCertificates?: string[] }): void;
  /** Trust a service provider from its metadata XML (entity id, ACS, SLO and signing certificates read from it). */
  registerSpMetadata(xml: string): { signingCertificates: number };
  /** Replace the signing certificate (a rotation at the IdP): the metadata URL then shows the new one. */
  rotateCertificate(): void;
  close(): Promise<void>;
}

/** Whether SimpleSAMLphp and the PHP command line are installed (the journey skips with this reason otherwise). */
export function samlIdpMissing(): string | null {
  if (!existsSync(path.join(SIMPLESAMLPHP_DIR, 'www', 'saml2', 'idp', 'SSOService.php'))) {
    return `SimpleSAMLphp is not installed (${SIMPLESAMLPHP_DIR}): apt-get install -y simplesamlphp php-cli`;
  }
  if (spawnSync('php', ['-v']).status !== 0) return 'php is not installed: apt-get install -y php-cli';
  if (spawnSync('php', ['-r', 'exit(class_exists("DOMDocument") && function_exists("mb_strlen") ? 0 : 1);']).status !== 0) {
    return "PHP's XML or mbstring extension is missing: apt-get install -y php-xml php-mbstring";
  }
  return null;
}

const php = (value: unknown) => JSON.stringify(value).replace(/\$/g, '\\$');

function writeCertificate(dir: string) {
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '30', '-subj', '/CN=SimpleSAMLphp test IdP', '-keyout', path.join(dir, 'idp.key'), '-out', path.join(dir, 'idp.crt')],
    { stdio: 'pipe' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make the IdP certificate: ${made.stderr.toString()}`);
}

function attr(xml: string, element: RegExp, name: string): string | null {
  const tag = element.exec(xml)?.[0] ?? '';
  return new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1] ?? null;
}

export async function startSamlIdp(options: { port: number; host?: string; dir?: string }): Promise<SamlIdp> {
  const missing = samlIdpMissing();
  if (missing) throw new Error(missing);
  const host = options.host ?? '127.0.0.1';
  const baseUrl = `http://${host}:${options.port}`;
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), 'saml-idp-'));
  const configDir = path.join(dir, 'config');
  const metadataDir = path.join(dir, 'metadata');
  const certDir = path.join(dir, 'cert');
  const spDir = path.join(dir, 'sp');
  for (const d of [configDir, metadataDir, certDir, spDir, path.join(dir, 'tmp'), path.join(dir, 'data'), path.join(dir, 'log')]) mkdirSync(d, { recursive: true });
  writeCertificate(certDir);
  const usersFile = path.join(dir, 'users.json');
  if (!existsSync(usersFile)) writeFileSync(usersFile, '{}');

  // The package's config with what a local test IdP needs changed.
  writeFileSync(
    path.join(configDir, 'config.php'),
    `<?php
require '/etc/simplesamlphp/config.php';
$config['baseurlpath'] = ${php(`${baseUrl}/`)};
$config['certdir'] = ${php(`${certDir}/`)};
$config['loggingdir'] = ${php(`${dir}/log/`)};
$config['datadir'] = ${php(`${dir}/data/`)};
$config['tempdir'] = ${php(`${dir}/tmp`)};
$config['metadatadir'] = ${php(`${metadataDir}/`)};
$config['metadata.sources'] = [['type' => 'flatfile', 'directory' => ${php(`${metadataDir}/`)}]];
$config['secretsalt'] = ${php(Math.random().toString(36).slice(2) + Date.now())};
$config['auth.adminpassword'] = ${php(Math.random().toString(36).slice(2))};
$config['admin.checkforupdates'] = false;
$config['timezone'] = 'UTC';
$config['logging.handler'] = 'file';
$config['logging.level'] = SimpleSAML\\Logger::WARNING;
$config['enable.saml20-idp'] = true;
$config['module.enable'] = ['exampleauth' => true, 'core' => true, 'saml' => true, 'admin' => true];
$config['store.type'] = 'phpsession';
$config['session.cookie.name'] = 'TestIdpSessionID';
$config['session.phpsession.cookiename'] = 'TestIdpPHPSESSID';
$config['session.authtoken.cookiename'] = 'TestIdpAuthToken';
$config['session.cookie.secure'] = false;
// Plain http on this machine: SameSite=None would need Secure, and the browser would drop the cookie.
$config['session.cookie.samesite'] = 'Lax';
// Where the IdP may send the browser after an IdP-initiated logout (RelayState): this machine, any port.
$config['trusted.url.regex'] = true;
$config['trusted.url.domains'] = ['127\\.0\\.0\\.1(:\\d+)?', 'localhost(:\\d+)?'];
$config['language.available'] = ['en'];
$config['showerrors'] = true;
`,
  );
  writeFileSync(
    path.join(configDir, 'authsources.php'),
    `<?php
$config = ['admin' => ['core:AdminPassword']];
$users = json_decode(file_get_contents(${php(usersFile)}), true) ?: [];
$config['test-users'] = array_merge(['exampleauth:UserPass'], $users);
`,
  );
  // Attributes are sent with their URI names (urn:oid:…), as Shibboleth and most R&E IdPs do.
  writeFileSync(
    path.join(metadataDir, 'saml20-idp-hosted.php'),
    `<?php
$metadata['__DYNAMIC:1__'] = [
    'host' => '__DEFAULT__',
    'privatekey' => 'idp.key',
    'certificate' => 'idp.crt',
    'auth' => 'test-users',
    'signature.algorithm' => 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    'attributes.NameFormat' => 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri',
    'NameIDFormat' => 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
    'authproc' => [
        // A persistent, opaque NameID per person and SP (derived from eduPersonPrincipalName), as Shibboleth sends.
        50 => ['class' => 'saml:PersistentNameID', 'attribute' => 'eduPersonPrincipalName', 'nameId' => true],
        90 => ['class' => 'core:AttributeMap', 'name2oid'],
    ],
    'sign.logout' => true,
    'saml20.sign.assertion' => true,
    'saml20.sign.response' => true,
];
`,
  );
  // Every registered SP, read on each request.
  writeFileSync(
    path.join(metadataDir, 'saml20-sp-remote.php'),
    `<?php
foreach (glob(${php(`${spDir}/`)} . '*.php') as $file) { include $file; }
`,
  );

  const child: ChildProcess = spawn('php', ['-S', `${host}:${options.port}`, '-t', path.join(SIMPLESAMLPHP_DIR, 'www')], {
    env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: configDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));

  const entityId = `${baseUrl}/saml2/idp/metadata.php`;
  const metadataUrl = entityId;
  // Ready when the metadata answers (php -S starts in well under a second; give it ten).
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`php -S stopped: ${output}`);
    try {
      const res = await fetch(metadataUrl);
      if (res.ok && (await res.text()).includes('IDPSSODescriptor')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`SimpleSAMLphp did not answer at ${metadataUrl}: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  let spCount = 0;
  const registerSp = (sp: { entityId: string; acsUrl: string; sloUrl?: string | null; signingCertificates?: string[] }) => {
    const certificates = sp.signingCertificates ?? [];
    const entry: Record<string, unknown> = {
      AssertionConsumerService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', Location: sp.acsUrl, index: 0 }],
      NameIDFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      'attributes.NameFormat': 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri',
      // An SP that publishes signing keys must sign what it sends: unsigned requests are refused.
      'validate.authnrequest': certificates.length > 0,
      'validate.logout': certificates.length > 0,
    };
    if (certificates.length > 0) {
      // Every published key (two during the SP's key rollover) is accepted.
      entry.keys = certificates.map((c) => ({ encryption: false, signing: true, type: 'X509Certificate', X509Certificate: c }));
    }
    if (sp.sloUrl) entry.SingleLogoutService = [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: sp.sloUrl }];
    spCount += 1;
    writeFileSync(path.join(spDir, `sp${spCount}.php`), `<?php\n$metadata[${php(sp.entityId)}] = json_decode(${php(JSON.stringify(entry))}, true);\n`);
  };

  return {
    baseUrl,
    entityId,
    metadataUrl,
    setUser(user) {
      const users = JSON.parse(readFileSync(usersFile, 'utf8') || '{}') as Record<string, Record<string, string[]>>;
      for (const key of Object.keys(users)) if (key.startsWith(`${user.username}:`)) delete users[key];
      users[`${user.username}:${user.password}`] = user.attributes;
      writeFileSync(usersFile, JSON.stringify(users, null, 2));
    },
    registerSp,
    registerSpMetadata(xml: string) {
      const entityId = attr(xml, /<(?:\w+:)?EntityDescriptor\b[^>]*>/, 'entityID');
      const acsUrl = attr(xml, /<(?:\w+:)?AssertionConsumerService\b[^>]*>/, 'Location');
      const sloUrl = attr(xml, /<(?:\w+:)?SingleLogoutService\b[^>]*>/, 'Location');
      if (!entityId || !acsUrl) throw new Error('the SP metadata has no entity id or ACS URL');
      const signingCertificates = [...xml.matchAll(/<(?:\w+:)?KeyDescriptor\b[^>]*use="signing"[^>]*>([\s\S]*?)<\/(?:\w+:)?KeyDescriptor>/g)]
        .map((m) => /<(?:\w+:)?X509Certificate>([^<]+)</.exec(m[1] ?? '')?.[1]?.replace(/\s+/g, '') ?? '')
        .filter(Boolean);
      registerSp({ entityId, acsUrl, sloUrl, signingCertificates });
      return { signingCertificates: signingCertificates.length };
    },
    rotateCertificate() {
      writeCertificate(certDir);
    },
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
