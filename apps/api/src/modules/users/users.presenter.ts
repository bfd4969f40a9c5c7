import type { UserDto } from '@app/shared/auth';
import type { UserWithProfiles } from './users.repo.ts';

/** Public URL of a stored avatar (unguessable key; avatars are not secret). */
export function avatarUrl(key: string | null | undefined): string | null {
  return key ? `/api/uploads/${key}` : null;
}

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** Who a person is, as the lists and cards that show people begin (admin lists, professional cards). */
export function personFields(user: { id: string; firstName: string; lastName: string }) {
  return { _id: user.id, id: user.id, name: fullName(user), firstName: user.firstName, lastName: user.lastName };
}

/** The one shape a user leaves the server in. Hashes and token versions are never part of it. */
export function toUserDto({ user, student, professional }: UserWithProfiles): UserDto {
  const url = avatarUrl(user.profileImageKey);
  const dto: UserDto = {
    _id: user.id,
    id: user.id,
    role: user.role,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: fullName(user),
    phone: user.phone,
    address: user.address,
    city: user.city,
    state: user.state,
    zipCode: user.zipCode,
    bio: user.bio,
    isVerified: user.isVerified,
    isActive: user.isActive,
    isTemporaryPassword: user.isTemporaryPassword,
    passwordResetRequired: user.isTemporaryPassword,
    profileImage: url ? { url } : null,
    profileImageUrl: url,
    createdAt: user.createdAt.toISOString(),
    passwordChangedAt: user.passwordChangedAt?.toISOString() ?? null,
    timezone: user.timezone,
    certificateName: user.certificateName ?? null,
    language: user.language ?? null,
  };
  if (student) {
    dto.university = student.university;
    dto.course = student.course;
    dto.year = student.year;
    dto.rollNumber = student.rollNumber;
    dto.studentId = student.rollNumber;
    dto.interests = student.interests;
  }
  if (professional) {
    dto.title = professional.title;
    dto.designation = professional.title;
    dto.company = professional.company;
    dto.expertise = professional.expertise ? [professional.expertise] : [];
    dto.experience = professional.experienceYears;
    dto.location = professional.location;
  }
  return dto;
}
