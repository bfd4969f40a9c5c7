// The organisations contract's constants, without zod: first-paint web code imports these and loads the
// schemas with its first request (decision 950). `organisations.ts` re-exports everything here.

export const ORGANISATION_TYPES = ['university', 'company'] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];
export const ORGANISATION_STATUSES = ['pending', 'approved', 'suspended', 'rejected'] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];
export const EXPERT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ExpertStatus = (typeof EXPERT_STATUSES)[number];

export const ORG_MESSAGES = {
  name: 'Organisation name is required',
  website: 'Please enter the official website (https://…)',
  domainMismatch: "The contact e-mail must be at the organisation's own domain",
  domainInvalid: 'Please enter a valid domain such as example.edu',
  domainTaken: 'This domain already belongs to an organisation',
  dnsNotFound: 'The TXT record was not found yet. Publish it at your DNS provider, wait a few minutes and check again.',
  dnsUnavailable: 'The DNS lookup failed. Please try again in a few minutes.',
  dnsProven: 'Domain proven by its DNS record',
  // Issue 28 (decision 731): a sub-domain is its parent's.
  domainUnderOther: "This domain is part of another organisation's domain; ask that organisation's administrators to add it",
  domainOutside: "A domain must be the website's domain or one of its sub-domains",
  // Issue 28 (decision 941): a parent delegates a sub-domain to another organisation.
  delegateNotSub: "You can delegate only a sub-domain of one of your organisation's proven domains",
  delegateFurther: 'A domain your organisation holds by delegation cannot be delegated further',
  delegateOverlap: 'This sub-domain is already delegated, or a delegation lies under or over it',
  delegateHeld: 'This sub-domain is held by an organisation already; remove it there first',
  delegateEmail: 'The address of the person who will manage it must be at the delegated sub-domain',
  delegateUniversity: 'Only universities can delegate sub-domains',
  delegated: 'Sub-domain delegated. We e-mailed the person who will manage it.',
  delegationRevoked: 'Delegation revoked',
  domainPublic: 'Public e-mail providers cannot be an organisation domain',
  notApproved: 'Your organisation has not been approved yet',
  suspended: "Your organisation's access has been suspended. Please contact support.",
  rejected: "Your organisation's registration was not approved.",
  inviteDomain: "Invitations go to addresses at one of the organisation's domains",
  inviteInvalid: 'This invitation link is invalid or has expired',
  reasonRequired: 'Please give a reason',
  registered: 'Registration received. Please confirm your e-mail address; an administrator will review your organisation.',
  companyOnly: 'Only companies can do this',
  universityOnly: 'Only universities can do this',
} as const;

export const EXPERT_MESSAGES = {
  profileUrl: 'Please enter your public profile link (https://…)',
  workEmailDomain: 'The work e-mail must be at a company domain, not a public provider',
  codeInvalid: 'The code is wrong or has expired',
  codeSent: 'We sent a six-digit code to your work e-mail',
  applied: 'Application received. Please confirm your e-mail address; an administrator will verify your profile.',
  alreadyDecided: 'This application has already been decided',
  notPending: 'Only experts awaiting verification can do this',
  pendingNoWorkshops: 'You can publish workshops once your profile is verified',
  pendingNotYet: 'You can reach students once your profile is verified',
} as const;

export const CONFIRM_MESSAGES = {
  invalid: 'This confirmation link is invalid or has expired',
  done: 'Your e-mail address is confirmed',
} as const;
