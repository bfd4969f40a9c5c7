import { BULK_MESSAGES, IDEA_REVIEW_MESSAGES, PROFESSIONAL_MESSAGES, STUDENT_MESSAGES } from '@app/shared/admin-constants';
import { REGISTRATION_MESSAGES } from '@app/shared/auth-constants';
import { useT, type MessageKey } from '../../lib/i18n.tsx';

/**
 * The spec's verbatim English messages the admin console shows (validation in the browser, success
 * toasts) and their catalogue entries: English stays exactly the spec's, other languages translate.
 * The API localises its own copies by their text (docs/decisions/742-localised-api-errors.md).
 */
const SPEC: Record<string, MessageKey> = {
  [PROFESSIONAL_MESSAGES.name]: 'error.admin.professional.name',
  [PROFESSIONAL_MESSAGES.emailRequired]: 'error.registration.emailRequired',
  [PROFESSIONAL_MESSAGES.emailInvalid]: 'error.registration.emailInvalid',
  [PROFESSIONAL_MESSAGES.phone]: 'error.admin.professional.phone',
  [PROFESSIONAL_MESSAGES.title]: 'error.admin.professional.title',
  [PROFESSIONAL_MESSAGES.company]: 'error.admin.professional.company',
  [PROFESSIONAL_MESSAGES.expertise]: 'error.admin.professional.expertise',
  [PROFESSIONAL_MESSAGES.experience]: 'error.admin.professional.experience',
  [PROFESSIONAL_MESSAGES.bio]: 'error.admin.professional.bio',
  [PROFESSIONAL_MESSAGES.hourlyRate]: 'error.admin.professional.hourlyRate',
  [PROFESSIONAL_MESSAGES.duplicate]: 'error.admin.professional.duplicate',
  [PROFESSIONAL_MESSAGES.created]: 'error.admin.professional.created',
  [PROFESSIONAL_MESSAGES.updated]: 'error.admin.professional.updated',
  [PROFESSIONAL_MESSAGES.deleted]: 'error.admin.professional.deleted',
  [PROFESSIONAL_MESSAGES.verified]: 'error.admin.professional.verified',
  [PROFESSIONAL_MESSAGES.unverified]: 'error.admin.professional.unverified',
  [STUDENT_MESSAGES.created]: 'error.admin.student.created',
  [STUDENT_MESSAGES.deactivated]: 'error.admin.student.deactivated',
  [STUDENT_MESSAGES.reactivated]: 'error.admin.student.reactivated',
  [REGISTRATION_MESSAGES.firstName]: 'error.registration.firstName',
  [REGISTRATION_MESSAGES.lastName]: 'error.registration.lastName',
  [REGISTRATION_MESSAGES.university]: 'error.registration.university',
  [REGISTRATION_MESSAGES.course]: 'error.registration.course',
  [REGISTRATION_MESSAGES.year]: 'error.registration.year',
  [REGISTRATION_MESSAGES.rollNumber]: 'error.registration.rollNumber',
  [REGISTRATION_MESSAGES.phoneInvalid]: 'error.registration.phoneInvalid',
  [BULK_MESSAGES.noFile]: 'error.admin.bulk.noFile',
  [BULK_MESSAGES.badType]: 'error.admin.bulk.badType',
  [BULK_MESSAGES.tooLarge]: 'error.admin.bulk.tooLarge',
  [BULK_MESSAGES.xls]: 'error.admin.bulk.xls',
  [BULK_MESSAGES.tooManyRows]: 'error.admin.bulk.tooManyRows',
  [BULK_MESSAGES.empty]: 'error.admin.bulk.empty',
  [BULK_MESSAGES.unreadable]: 'error.admin.bulk.unreadable',
  [BULK_MESSAGES.failed]: 'error.admin.bulk.failed',
  [BULK_MESSAGES.templateFailed]: 'error.admin.bulk.templateFailed',
  [BULK_MESSAGES.suggestion]: 'error.admin.bulk.suggestion',
  [IDEA_REVIEW_MESSAGES.status]: 'error.admin.review.status',
  [IDEA_REVIEW_MESSAGES.score]: 'error.admin.review.score',
  [IDEA_REVIEW_MESSAGES.alreadyReviewed]: 'error.admin.review.alreadyReviewed',
};

/** `spec(PROFESSIONAL_MESSAGES.created)` → that message in the page's language (unknown text stays as it is). */
export function useSpecText(): (english: string) => string {
  return specText(useT());
}

/** The same outside a component (a form that loads it on submit, decision 950). */
export function specText(t: (key: MessageKey) => string): (english: string) => string {
  return (english) => {
    const key = SPEC[english];
    return key ? t(key) : english;
  };
}
