export const ROLES = ['student', 'professional', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  student: 'Student',
  professional: 'Professional',
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
  ],
};
