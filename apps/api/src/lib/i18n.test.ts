import { describe, expect, it } from 'vitest';
import { availableLanguages, languageFromHeader, localiseEnvelope, localiseMessage, translator } from './i18n.ts';

describe('lib/i18n', () => {
  it('finds every catalogue', () => {
    expect(availableLanguages()).toEqual(['ar', 'en', 'es', 'hi']);
    expect(translator('ar').direction).toBe('rtl');
    expect(translator('xx').language).toBe('en');
  });

  it('reads Accept-Language', () => {
    expect(languageFromHeader('es-419,es;q=0.9')).toBe('es');
    expect(languageFromHeader('de')).toBeUndefined();
    expect(languageFromHeader(undefined)).toBeUndefined();
  });

  it('finds an English error by its text, placeholders and plural numbers included', () => {
    expect(localiseMessage('Workshop not found', 'ar')).toBe('ورشة العمل غير موجودة');
    expect(localiseMessage('Too many sign-in attempts. Please try again in 2 minutes.', 'ar')).toBe('محاولات تسجيل دخول كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد دقيقتين.');
    expect(localiseMessage('Too many sign-in attempts. Please try again in 7 minutes.', 'ar')).toBe('محاولات تسجيل دخول كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد 7 دقائق.');
    expect(localiseMessage('Too many sign-in attempts. Please try again in 1 second.', 'es')).toBe('Demasiados intentos de inicio de sesión. Vuelve a intentarlo en 1 segundo.');
    expect(localiseMessage('Too many sign-in attempts. Please try again in 45 seconds.', 'hi')).toBe('साइन इन की बहुत ज़्यादा कोशिशें हुईं। कृपया 45 सेकंड बाद फिर से कोशिश करें।');
    expect(localiseMessage("New passwords don't match!", 'es')).toBe('¡Las contraseñas nuevas no coinciden!');
  });

  it('reads selects back (the case from the words) and translates the field a contract message names', () => {
    expect(localiseMessage('A draft project cannot be changed to completed (allowed: active)', 'es')).toBe(
      'Un proyecto en borrador no se puede cambiar a completado (se permite: activo)',
    );
    expect(localiseMessage('A pending organisation cannot be approved', 'ar')).toBe('لا يمكن الموافقة على مؤسسة قيد الانتظار');
    // A value outside the select's cases is carried over as it is (the `other` case).
    expect(localiseMessage('A archived project cannot be changed to active (no further changes are possible)', 'es')).toBe(
      'Un proyecto archived no se puede cambiar a activo (ya no se permiten más cambios)',
    );
    expect(localiseMessage('Bio must be at most 2000 characters', 'ar')).toBe('يجب ألا يزيد «النبذة» على 2000 حرف');
    expect(localiseMessage('Milestone due date must be a date (YYYY-MM-DD)', 'hi')).toBe('“पड़ाव की नियत तारीख” एक तारीख होनी चाहिए (YYYY-MM-DD)');
    // A field the catalogue does not name stays in English inside the translated sentence.
    expect(localiseMessage('p256dh must be 65 bytes', 'es')).toBe('«p256dh» debe tener 65 bytes');
  });

  it('leaves what the catalogue does not have, and English, as it is', () => {
    expect(localiseMessage('A message nobody catalogued', 'hi')).toBe('A message nobody catalogued');
    expect(localiseMessage('Workshop not found', 'en')).toBe('Workshop not found');
  });

  it('rewrites failure envelopes only', () => {
    const failure = JSON.stringify({ success: false, message: 'Invalid email or password', code: 'UNAUTHENTICATED', errors: ['Invalid email or password'] });
    expect(JSON.parse(localiseEnvelope(failure, 'hi'))).toEqual({
      success: false,
      message: 'ईमेल या पासवर्ड गलत है',
      code: 'UNAUTHENTICATED',
      errors: ['ईमेल या पासवर्ड गलत है'],
    });
    const success = JSON.stringify({ success: true, message: 'Invalid email or password' });
    expect(localiseEnvelope(success, 'hi')).toBe(success);
    expect(localiseEnvelope('not json', 'hi')).toBe('not json');
  });
});
