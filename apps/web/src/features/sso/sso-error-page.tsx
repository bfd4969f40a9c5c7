import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/field.tsx';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { AuthLayout } from '../auth/auth-layout.tsx';
import { SSO_COPY, reasonText } from './copy.ts';

/** Where every refused sign-in lands: what went wrong in plain words, and the reference the admin looks up. */
export function SsoErrorPage() {
  useDocumentTitle(SSO_COPY.error.title);
  const [params] = useSearchParams();
  const ref = (params.get('ref') ?? '').replace(/[^0-9a-f]/gi, '').slice(0, 24);
  return (
    <AuthLayout title={SSO_COPY.error.title}>
      <div className="space-y-4">
        <Alert kind="error">{reasonText(params.get('reason'))}</Alert>
        {ref && (
          <p className="text-sm text-slate-800">
            {SSO_COPY.error.reference}: <code className="rounded bg-slate-100 px-1 font-mono" data-testid="sso-reference">{ref}</code>
          </p>
        )}
        <p className="text-sm text-slate-700">{SSO_COPY.error.help}</p>
        <p className="text-center text-sm">
          <Link to="/signin" className="font-medium text-brand-700 hover:underline">
            {SSO_COPY.error.again}
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
