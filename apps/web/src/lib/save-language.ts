import { envelope } from '@app/shared/api';
import { languageData } from '@app/shared/languages';
import { api } from './api.ts';

/** The profile's language (PUT /api/users/me/language); loaded only when someone signed in switches. */
export async function saveLanguage(language: string | null): Promise<void> {
  await api('/users/me/language', envelope(languageData), { method: 'PUT', body: { language } });
}
