import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/field.tsx';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { AuthLayout } from '../auth/auth-layout.tsx';
import { useT } from '../../lib/i18n.tsx';
import { reasonKey } from './reason-keys.ts';

/** Where every refused sign-in lands: what went wrong in plain words, and the reference the admin looks up. */
export function SsoErrorPage() {
  const t = useT();
  useDocumentTitle(t('sso.error.title'));
  const [params] = useSearchParams();
  const ref = (params.get('ref') ?? '').replace(/[^0-9a-f]/gi, '').slice(0, 24);
  return (
    <AuthLayout title={t('sso.error.title')}>
      <div className="space-y-4">
        <Alert kind="error">{t(reasonKey(params.get('reason')))}</Alert>
        {ref && (
          <p className="text-sm text-slate-800">
            {t('sso.error.reference')}: <code className="rounded bg-slate-100 px-1 font-mono" data-testid="sso-reference">{ref}</code>
          </p>
        )}
        <p className="text-sm text-slate-700">{t('sso.error.help')}</p>
        <p className="text-center text-sm">
          <Link to="/signin" className="font-medium text-brand-700 hover:underline">
            {t('sso.error.again')}
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
