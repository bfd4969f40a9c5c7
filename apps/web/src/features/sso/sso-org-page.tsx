import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/feedback.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { AuthLayout } from '../auth/auth-layout.tsx';
import { orgSignIn, startSignIn } from './api.ts';
import { useT } from '../../lib/i18n.tsx';

/** `/sso/<org-slug>`: an organisation's direct sign-in link; `?next=` keeps the page the person was going to. */
export function SsoOrgPage() {
  const t = useT();
  useDocumentTitle(t('sso.orgPage.title'));
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const next = params.get('next');
  const org = useQuery({ queryKey: ['sso', 'org', slug], queryFn: () => orgSignIn(slug), retry: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function go(connectionId: string) {
    setBusy(true);
    setError(null);
    try {
      await startSignIn(connectionId, next && next.startsWith('/') && !next.startsWith('//') ? next : null);
    } catch (err) {
      setError(errorMessage(err, t('sso.error.title')));
      setBusy(false);
    }
  }

  return (
    <AuthLayout title={org.data ? org.data.data.organisation.name : t('sso.orgPage.title')} subtitle={<p>{t('sso.orgPage.title')}</p>}>
      <div className="space-y-3" aria-live="polite">
        {org.isPending && <Spinner label={t('sso.orgPage.loading')} />}
        {org.isError && <Alert kind="error">{t('sso.orgPage.notFound')}</Alert>}
        {org.data?.data.connections.map((c) => (
          <Button key={c.id} className="w-full" data-connection={c.name} disabled={busy} onClick={() => void go(c.id)}>
            {busy
              ? t('sso.discovery.redirecting')
              : org.data.data.connections.length > 1
                ? t('sso.discovery.offerNamed', { org: org.data.data.organisation.name, connection: c.name })
                : t('sso.discovery.offer', { org: org.data.data.organisation.name })}
          </Button>
        ))}
        {error && <Alert kind="error">{error}</Alert>}
        <p className="text-center text-sm">
          <Link to="/signin" className="font-medium text-brand-700 hover:underline">
            {t('sso.orgPage.passwordLink')}
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
