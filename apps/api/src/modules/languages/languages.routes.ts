import { eq } from 'drizzle-orm';
import { envelope } from '@app/shared/api';
import { languageBody, languageData, LANGUAGE_MESSAGES } from '@app/shared/languages';
import { users } from '../../db/schema/users.ts';
import { badRequest } from '../../lib/errors.ts';
import { actorOf, type App } from '../../lib/http.ts';
import { availableLanguages, isAvailableLanguage } from '../../lib/i18n.ts';

/**
 * The person's language (docs/decisions/741-who-sees-which-language.md): errors (and later e-mails)
 * follow it; null means "follow the browser" (Accept-Language).
 */
export async function languagesRoutes(app: App) {
  app.get(
    '/users/me/language',
    { config: { access: 'authenticated', allowTemporaryPassword: true }, schema: { tags: ['users'], response: { 200: envelope(languageData) } } },
    async (request) => {
      const actor = actorOf(request);
      const [row] = await app.ctx.db.select({ language: users.language }).from(users).where(eq(users.id, actor.id));
      return { success: true as const, data: { language: row?.language ?? null, available: availableLanguages() } };
    },
  );

  app.put(
    '/users/me/language',
    {
      config: { access: 'authenticated', allowTemporaryPassword: true },
      schema: { tags: ['users'], body: languageBody, response: { 200: envelope(languageData) } },
    },
    async (request) => {
      const actor = actorOf(request);
      const { language } = request.body;
      if (language !== null && !isAvailableLanguage(language)) throw badRequest(LANGUAGE_MESSAGES.unknown);
      await app.ctx.db.update(users).set({ language }).where(eq(users.id, actor.id));
      return { success: true as const, message: 'Language saved', data: { language, available: availableLanguages() } };
    },
  );
}
