import { Award, ExternalLink, GraduationCap, Mail, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { Dialog } from '../../components/ui/dialog.tsx';
import { ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api.ts';
import { ConnectSection } from '../mentoring/connect-section.tsx';
import { useProfessional } from './api.ts';
import { Avatar, Rating, useHourlyRate } from './professional-card.tsx';
import { useT } from '../../lib/i18n.tsx';


/** About, specializations, achievements, education, pricing and (for students) the connect section. */
export function ProfessionalDetailDialog({ id, onClose, mode }: { id: string | null; onClose: () => void; mode: 'student' | 'public' | 'other' }) {
  const t = useT();
  const hourlyRate = useHourlyRate();
  const query = useProfessional(id, mode !== 'public');
  const p = query.data;
  return (
    <Dialog open={Boolean(id)} onClose={onClose} size="xl" title={p?.name ?? t('professionals.detail.fallbackTitle')} description={p ? t('mentoring.requests.titleAt', { title: p.title, company: p.company }) : undefined}>
      {query.isPending ? (
        <Spinner label={t('professionals.detail.loading')} />
      ) : query.isError ? (
        <ErrorState message={errorMessage(query.error, t('professionals.detail.loadFailed'))} onRetry={() => void query.refetch()} />
      ) : p ? (
        <div className="flex flex-col gap-5 text-sm text-slate-700">
          <div className="order-first flex flex-wrap items-center gap-4">
            <Avatar url={p.displayImage} name={p.name} size="h-20 w-20" />
            <div className="space-y-1">
              <p className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">{p.expertise}</p>
              <p>{t('professionals.detail.experience', { years: p.experience })}{p.location ? ` · ${p.location}` : ''}</p>
              <Rating average={p.rating.average} count={p.rating.count} />
              <p className="font-medium text-slate-900">{hourlyRate(p.pricing.hourlyRate, p.pricing.currency)}</p>
            </div>
          </div>
          {p.about && (
            <section>
              <h3 className="mb-1 font-semibold text-slate-900">{t('professionals.detail.about')}</h3>
              <p className="whitespace-pre-line">{p.about}</p>
            </section>
          )}
          {p.specializations.length > 0 && (
            <section>
              <h3 className="mb-1 font-semibold text-slate-900">{t('professionals.detail.specializations')}</h3>
              <div className="flex flex-wrap gap-1">{p.specializations.map((s) => <span key={s} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">{s}</span>)}</div>
            </section>
          )}
          {p.skills.length > 0 && (
            <section>
              <h3 className="mb-1 font-semibold text-slate-900">{t('professionals.detail.skills')}</h3>
              <div className="flex flex-wrap gap-1">{p.skills.map((s) => <span key={s} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">{s}</span>)}</div>
            </section>
          )}
          {p.achievements.length > 0 && (
            <section>
              <h3 className="mb-1 flex items-center gap-1 font-semibold text-slate-900"><Award aria-hidden="true" className="h-4 w-4" /> {t('professionals.detail.achievements')}</h3>
              <ul className="list-disc ps-5">{p.achievements.map((a) => <li key={a}>{a}</li>)}</ul>
            </section>
          )}
          {(p.education.length > 0 || p.certifications.length > 0) && (
            <section>
              <h3 className="mb-1 flex items-center gap-1 font-semibold text-slate-900"><GraduationCap aria-hidden="true" className="h-4 w-4" /> {t('professionals.detail.education')}</h3>
              <ul className="list-disc ps-5">{[...p.education, ...p.certifications].map((a) => <li key={a}>{a}</li>)}</ul>
            </section>
          )}
          {(p.email || p.phone || Object.values(p.socialLinks).some(Boolean)) && (
            <section className="flex flex-wrap gap-3 text-sm">
              {p.email && <a className="inline-flex items-center gap-1 text-brand-700 underline" href={`mailto:${p.email}`}><Mail aria-hidden="true" className="h-4 w-4" /> {p.email}</a>}
              {p.phone && <span className="inline-flex items-center gap-1"><Phone aria-hidden="true" className="h-4 w-4" /> {p.phone}</span>}
              {(['linkedin', 'twitter', 'website'] as const).map((k) =>
                p.socialLinks[k] ? (
                  <a key={k} className="inline-flex items-center gap-1 capitalize text-brand-700 underline" href={p.socialLinks[k]} target="_blank" rel="noopener noreferrer">
                    {t('professionals.detail.social', { network: k })} <ExternalLink aria-hidden="true" className="h-3 w-3" />
                  </a>
                ) : null,
              )}
            </section>
          )}
          {mode === 'student' && !p.email && !p.phone && <p className="text-sm text-slate-600">{t('professionals.detail.contactHidden')}</p>}
          {mode === 'student' ? (
            // On a phone the booking comes right after the header, before the long biography (issue 29).
            <section className="order-[-1] border-b border-slate-200 pb-4 md:order-none md:border-b-0 md:border-t md:pb-0 md:pt-4">
              <ConnectSection professionalId={p.id} professionalName={p.name} onDone={onClose} />
            </section>
          ) : mode === 'public' ? (
            <p className="border-t border-slate-200 pt-4">
              <Link to="/signin" className={buttonClass('primary', 'md')}>{t('professionals.detail.signInToConnect')}</Link>
            </p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
