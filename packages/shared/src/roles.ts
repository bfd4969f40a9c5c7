export const ROLES = ['student', 'professional', 'admin', 'university_admin', 'company_admin'] as const;
/** Roles that act for an organisation (decision 480): a member of exactly one university or company. */
export const ORGANISATION_ROLES = ['university_admin', 'company_admin'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  student: 'Student',
  professional: 'Professional',
  university_admin: 'University Admin',
  company_admin: 'Company Admin',
};

export function roleLabel(role: string | undefined | null): string {
  return role && role in ROLE_LABELS ? ROLE_LABELS[role as Role] : 'User';
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The dashboard of a role; /signin for an unknown role (spec 000 §2). */
export function dashboardPath(role: string | undefined | null): string {
  switch (role) {
    case 'admin':
      return '/admin/dashboard';
    case 'student':
      return '/student/dashboard';
    case 'professional':
      return '/professional/dashboard';
    case 'university_admin':
      return '/university/dashboard';
    case 'company_admin':
      return '/company/dashboard';
    default:
      return '/signin';
  }
}

/** What each role may do, sent with the login answer as `permissions` so the UI need not re-derive it. */
export const PERMISSIONS: Record<Role, readonly string[]> = {
  student: [
    'workshops:register',
    'ideas:create',
    'ideas:like',
    'ideas:comment',
    'professionals:connect',
    'rd-projects:apply',
    'profile:update',
  ],
  professional: [
    'connection-requests:respond',
    'workshops:manage-own',
    'sessions:manage-own',
    'availability:manage',
    'profile:update',
  ],
  admin: [
    'professionals:manage',
    'students:manage',
    'workshops:manage',
    'ideas:review',
    'rd-projects:manage',
    'export:csv',
    'audit:read',
    'organisations:decide',
    'experts:verify',
  ],
  university_admin: ['organisation:manage-domains', 'organisation:invite', 'students:read-own-university', 'export:csv'],
  company_admin: ['organisation:manage-domains', 'organisation:invite', 'rd-projects:post', 'rd-applications:review-own', 'experts:endorse'],
};

/**
 * The stored-session keys of spec 000 §3 follow `<area>Auth` / `<area>User`; the new roles take the same
 * pattern with their area's name (decision 481).
 */
export const SESSION_AREA: Record<Role, string> = {
  admin: 'admin',
  student: 'student',
  professional: 'professional',
  university_admin: 'university',
  company_admin: 'company',
};

/** Every key a session is stored under in the browser (spec 000 §3, decision 481): logout clears them all. */
export const SESSION_KEYS = [
  'token',
  'user',
  'userRole',
  'permissions',
  'rememberMe',
  'studentAuth',
  'studentUser',
  'adminAuth',
  'adminUser',
  'professionalAuth',
  'professionalUser',
  // The organisation roles follow the same <area>Auth / <area>User pattern (decision 481).
  'universityAuth',
  'universityUser',
  'companyAuth',
  'companyUser',
] as const;
