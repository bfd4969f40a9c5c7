/**
 * LinkedIn's "Add to profile" link for a certification, with its fields filled: name, issuing
 * organisation, issue year and month, the certificate's URL and id (the person confirms on LinkedIn).
 */
export function linkedInAddCertificationUrl(c: { name: string; issuedAt: string; certUrl: string; certId: string; organizationName?: string }): string {
  const issued = new Date(c.issuedAt.length === 10 ? `${c.issuedAt}T12:00:00Z` : c.issuedAt);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: c.name,
    organizationName: c.organizationName ?? 'MentorBridge',
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: c.certUrl,
    certId: c.certId,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
