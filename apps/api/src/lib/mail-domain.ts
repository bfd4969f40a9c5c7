/**
 * The right-hand side of every Message-ID and calendar UID (decision 823): the host of PUBLIC_URL when it
 * is a domain name (has a dot and is not an address), else `mentorbridge.invalid` (RFC 2606: never a
 * real host), so a Message-ID is always `<id@domain>`. MAIL_DOMAIN, when set, overrides it.
 */
export function messageIdDomain(publicUrl: string): string {
  const host = URL.canParse(publicUrl) ? new URL(publicUrl).hostname.toLowerCase() : '';
  const isAddress = /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');
  return host.includes('.') && !isAddress ? host : 'mentorbridge.invalid';
}
