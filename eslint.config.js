import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import mentorbridge from './scripts/i18n/eslint-plugin.mjs';
import mentorbridgeApi from './scripts/lint/api-layers.mjs';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'apps/api/drizzle/**', '.tmp/**', 'data/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      // Dependencies point one way: shared ← api/web features ← app. No feature reaches into the
      // other app, and shared code never imports an app.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/shared', from: './apps', message: 'packages/shared must not depend on an app' },
            { target: './apps/web', from: './apps/api', message: 'the web app talks to the API over HTTP only' },
            { target: './apps/api', from: './apps/web', message: 'the API must not import web code' },
            { target: './apps/web/src/components', from: './apps/web/src/features', message: 'shared components must not depend on features' },
            { target: './apps/web/src/lib', from: './apps/web/src/features', message: 'lib must not depend on features' },
            { target: './apps/api/src/lib', from: './apps/api/src/modules', message: 'lib must not depend on modules' },
          ],
        },
      ],
    },
  },
  {
    // The API's imports point down: config → db → lib → modules → demo → app, into a module only through
    // its public entry (modules/<name>/index.ts), and a module only imports modules listed before it here
    // (so no two modules import each other). New module: add it above every module that imports it and
    // below every module it imports (docs/decisions/800-api-layers.md).
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'mentorbridge-api': mentorbridgeApi },
    rules: {
      'mentorbridge-api/layers': [
        'error',
        {
          root: 'apps/api/src',
          modules: [
            // shared ground: accounts and profiles, sign-in and access, notifications
            'users',
            'consent',
            'auth',
            'push',
            'notifications',
            // self-contained domains
            'content',
            'languages',
            'health',
            'uploads',
            'ideas',
            'mentoring',
            'professionals',
            'workshops',
            'rd-projects',
            // domains built on others
            'calendar',
            'reminders',
            'students',
            'matching',
            'admin',
            'organisations',
            'programmes',
            'privacy',
            'experts',
            'scim',
            'sso',
            'relationships',
            'surveys',
            'outcomes',
            'public-pages',
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, mentorbridge },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The layout mirrors right to left: margins, paddings, insets, borders and alignment are logical
      // (ms-/pe-/inset-s-/text-start…), never left/right (docs/decisions/741-right-to-left.md).
      'mentorbridge/no-physical-direction-classes': 'error',
    },
  },
  {
    // The service worker (issue 27) runs in the worker scope: self, caches, clients.
    files: ['apps/web/public/sw.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    // Screens converted to the message catalogues stay converted: no hard-coded user-visible text in
    // their JSX (docs/translating.md, "Converted screens"). Add a file or folder here once it is converted.
    files: [
      'apps/web/src/components/layout/site-layout.tsx',
      'apps/web/src/components/ui/language-menu.tsx',
      'apps/web/src/components/layout/offline-banner.tsx',
      'apps/web/src/features/notifications/push-settings.tsx',
      'apps/web/src/features/auth/auth-layout.tsx',
      'apps/web/src/features/auth/signin-page.tsx',
      'apps/web/src/features/auth/signup-page.tsx',
      'apps/web/src/features/auth/forgot-password-page.tsx',
      'apps/web/src/features/auth/reset-password-page.tsx',
      'apps/web/src/features/public/landing-page.tsx',
      'apps/web/src/features/public/site-content.tsx',
      'apps/web/src/features/admin/mfa-reset.tsx',
      'apps/web/src/components/data/export-buttons.tsx',
      'apps/web/src/features/organisations/delegations-panel.tsx',
      'apps/web/src/features/workshops/public-workshops-page.tsx',
      'apps/web/src/features/professionals/public-experts-page.tsx',
      'apps/web/src/features/rd-projects/public-projects-page.tsx',
      'apps/web/src/features/relationships/relationships-page.tsx',
      'apps/web/src/features/relationships/pairs-health-panel.tsx',
      'apps/web/src/features/relationships/health-bits.tsx',
      'apps/web/src/features/surveys/surveys-panel.tsx',
      'apps/web/src/features/surveys/survey-results.tsx',
      'apps/web/src/features/surveys/my-surveys-page.tsx',
      'apps/web/src/features/outcomes/**/*.tsx',
      'apps/web/src/features/privacy/notice-consent.tsx',
      'apps/web/src/features/privacy/privacy-page.tsx',
      'apps/web/src/features/mentoring/student-sessions-panel.tsx',
      'apps/web/src/features/mentoring/session-bits.tsx',
      'apps/web/src/features/mentoring/session-change-dialogs.tsx',
      'apps/web/src/features/mentoring/slot-picker.tsx',
      'apps/web/src/features/mentoring/month-calendar.tsx',
      'apps/web/src/features/mentoring/connect-section.tsx',
      'apps/web/src/features/mentoring/message-thread.tsx',
      'apps/web/src/features/professionals/professional-card.tsx',
      'apps/web/src/features/professionals/professionals-browser.tsx',
      'apps/web/src/features/professionals/professional-detail-dialog.tsx',
      'apps/web/src/features/student/student-dashboard-page.tsx',
      'apps/web/src/features/student/professionals-tab.tsx',
      'apps/web/src/features/workshops/workshop-card.tsx',
      'apps/web/src/features/workshops/workshop-bits.tsx',
      'apps/web/src/features/workshops/student-workshops-tab.tsx',
      'apps/web/src/features/public/accessibility-page.tsx',
      'apps/web/src/features/public/markdown.tsx',
      'apps/web/src/features/sso/metadata-status.tsx',
      'apps/web/src/features/sso/sp-keys-panel.tsx',
      'apps/web/src/features/sso/sso-discovery.tsx',
      'apps/web/src/features/sso/sso-org-page.tsx',
      'apps/web/src/features/sso/sso-error-page.tsx',
      'apps/web/src/features/sso/connection-settings-editor.tsx',
      'apps/web/src/features/ideas/*.tsx',
      'apps/web/src/features/rd-projects/rd-ui.tsx',
      'apps/web/src/features/rd-projects/student-rd-projects-tab.tsx',
      'apps/web/src/features/rd-projects/applications-dialog.tsx',
      'apps/web/src/features/rd-projects/admin-rd-projects-tab.tsx',
      'apps/web/src/features/rd-projects/project-form-dialog.tsx',
      'apps/web/src/features/professional/*.tsx',
      'apps/web/src/features/organisations/*.tsx',
      // Issue 25, eleventh sitting (langmisc): the shell, shared components, workshops, notifications, profile.
      'apps/web/src/app/root-layout.tsx',
      'apps/web/src/components/layout/dashboard-header.tsx',
      'apps/web/src/components/ui/dialog.tsx',
      'apps/web/src/components/ui/pagination.tsx',
      'apps/web/src/components/ui/feedback.tsx',
      'apps/web/src/components/ui/logo.tsx',
      'apps/web/src/components/ui/page-skeleton.tsx',
      'apps/web/src/components/ui/time-zone-field.tsx',
      'apps/web/src/components/ui/toast.tsx',
      'apps/web/src/components/ui/field.tsx',
      'apps/web/src/components/ui/tabs.tsx',
      'apps/web/src/components/ui/button.tsx',
      'apps/web/src/components/ui/progress-bar.tsx',
      'apps/web/src/features/workshops/seats-bar.tsx',
      'apps/web/src/features/workshops/workshop-detail-dialog.tsx',
      'apps/web/src/features/workshops/my-workshops-tab.tsx',
      'apps/web/src/features/workshops/lifecycle-ui.tsx',
      'apps/web/src/features/workshops/certificate-page.tsx',
      'apps/web/src/features/workshops/workshop-form.tsx',
      'apps/web/src/features/workshops/lazy-workshop-detail-dialog.tsx',
      'apps/web/src/features/notifications/notification-bell.tsx',
      'apps/web/src/features/notifications/notification-link.tsx',
      'apps/web/src/features/notifications/notifications-page.tsx',
      'apps/web/src/features/notifications/notification-settings.tsx',
      'apps/web/src/features/profile/profile-dialog.tsx',
      'apps/web/src/features/auth/temporary-password-gate.tsx',
      'apps/web/src/features/auth/password-change-dialog.tsx',
      'apps/web/src/features/auth/logout-page.tsx',
      'apps/web/src/features/matching/*.tsx',
      'apps/web/src/features/public/not-found-page.tsx',
      'apps/web/src/features/public/contact-page.tsx',
      'apps/web/src/features/public/about-page.tsx',
      'apps/web/src/features/admin/ui.tsx',
      'apps/web/src/features/admin/students-tab.tsx',
      'apps/web/src/features/admin/professionals-tab.tsx',
      'apps/web/src/features/admin/admin-dashboard-page.tsx',
      'apps/web/src/features/admin/dashboard-tab.tsx',
      'apps/web/src/features/admin/bulk-upload-dialog.tsx',
      'apps/web/src/features/admin/workshops-tab.tsx',
      'apps/web/src/features/admin/ideas-tab.tsx',
      'apps/web/src/features/admin/settings-tab.tsx',
      'apps/web/src/features/admin/analytics-tab.tsx',
      'apps/web/src/features/programmes/admin-programmes-tab.tsx',
      'apps/web/src/features/programmes/my-programmes-page.tsx',
      'apps/web/src/features/privacy/your-data-section.tsx',
      'apps/web/src/features/privacy/admin-privacy-tab.tsx',
      'apps/web/src/features/sso/sso-panel.tsx',
      'apps/web/src/features/sso/sso-callback-page.tsx',
      'apps/web/src/features/profile/security-page.tsx',
      'apps/web/src/features/auth/second-step.tsx',
      'apps/web/src/features/public/content-page.tsx',
    ],
    plugins: { mentorbridge },
    rules: { 'mentorbridge/no-literal-jsx-text': 'error' },
  },
  {
    // The entry and what it imports stay framework-free (docs/decisions/310-first-load.md): it starts
    // the page's code, the app shell and the first reads in parallel, so it must not pull them in.
    files: ['apps/web/src/main.tsx', 'apps/web/src/app/pages.ts', 'apps/web/src/lib/early.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react-dom/*', 'react-router', '@tanstack/*', 'zod', 'zod/*', 'lucide-react', '@app/shared/*'],
              allowTypeImports: true,
              message: 'the entry chunk must stay framework-free: import this from app/boot.tsx or a page instead',
            },
          ],
        },
      ],
    },
  },
);
