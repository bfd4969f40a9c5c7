import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ArrowRight,
  Award,
  Eye,
  Flame,
  Handshake,
  Heart,
  Lightbulb,
  Mail,
  MapPin,
  Phone,
  Rocket,
  ShieldCheck,
  Target,
  type LucideIcon,
} from 'lucide-react';
import { SiteLayout } from '../../components/layout/site-layout.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { errorMessage } from '../../lib/api.ts';
import { useSiteContent } from './api.ts';
import { StatsList, StatsSkeleton, TeamGrid, TeamSkeleton } from './site-content.tsx';
import { rich, useT } from '../../lib/i18n.tsx';

/** An icon per value title; unknown titles (an operator may rename them) get a neutral one. */
const VALUE_ICONS: Record<string, LucideIcon> = {
  Excellence: Award,
  Passion: Flame,
  Community: Handshake,
  Integrity: ShieldCheck,
  Innovation: Lightbulb,
  Impact: Rocket,
};

/** One section of the page: a labelled <section> with its heading and a centred column. */
function AboutSection({
  id,
  title,
  className = 'py-14',
  inner = 'mx-auto max-w-7xl px-4 sm:px-6',
  headingClassName = 'text-3xl font-bold text-slate-900',
  children,
}: {
  id: string;
  title: string;
  className?: string;
  inner?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <div className={inner}>
        <h2 id={`${id}-title`} className={headingClassName}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** A card of the values and contact lists: an icon, a heading and what belongs under it. */
function AboutCard({
  Icon,
  title,
  titleDir,
  titleClassName = '',
  children,
}: {
  Icon: LucideIcon;
  title: string;
  titleDir?: 'auto';
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <Icon aria-hidden="true" className="h-7 w-7 text-brand-700" />
      <h3 dir={titleDir} className={`mt-3 ${titleClassName ? `${titleClassName} ` : ''}font-semibold`}>
        {title}
      </h3>
      {children}
    </li>
  );
}

export function AboutPage() {
  const t = useT();
  useDocumentTitle(t('public.about.documentTitle'));
  const content = useSiteContent();
  const data = content.data;

  return (
    <SiteLayout>
      <main id="main">
        <section aria-labelledby="about-title" className="bg-gradient-to-b from-brand-50 to-slate-50">
          <div className="mx-auto max-w-4xl px-4 pt-12 pb-14 text-center sm:px-6 lg:pt-16">
            <h1 id="about-title" className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              {t('public.about.title')}
            </h1>
            {data ? (
              <p dir="auto" className="mt-4 text-lg text-slate-700">{data.brand.tagline}</p>
            ) : content.isPending ? (
              <Skeleton className="mx-auto mt-4 h-6 w-2/3" />
            ) : null}
          </div>
        </section>

        {content.isError && (
          <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
            <ErrorState
              message={errorMessage(content.error, t('public.about.loadFailed'))}
              onRetry={() => void content.refetch()}
            />
          </div>
        )}

        {content.isPending && (
          <div className="mx-auto max-w-7xl space-y-10 px-4 py-12 sm:px-6" data-testid="about-skeleton">
            <Skeleton className="h-32 w-full" />
            <StatsSkeleton />
            <TeamSkeleton />
          </div>
        )}

        {data && (
          <>
            <AboutSection id="story" inner="mx-auto max-w-3xl px-4 sm:px-6" title={t('public.about.story')}>
              <div className="mt-5 space-y-4 text-lg text-slate-700">
                {data.story.map((paragraph) => (
                  <p key={paragraph} dir="auto">{paragraph}</p>
                ))}
              </div>
            </AboutSection>

            <AboutSection
              id="impact"
              className="bg-brand-800 py-14 text-white"
              headingClassName="mb-8 text-center text-3xl font-bold"
              title={t('public.about.impact')}
            >
              <StatsList stats={data.aboutStats} tone="dark" />
            </AboutSection>

            <AboutSection id="purpose" headingClassName="sr-only" title={t('public.about.purpose')}>
              <div className="grid gap-6 md:grid-cols-2">
                {[
                  { Icon: Eye, title: t('public.about.vision'), text: data.vision },
                  { Icon: Target, title: t('public.about.mission'), text: data.mission },
                ].map(({ Icon, title, text }) => (
                  <article key={title} className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
                    <Icon aria-hidden="true" className="h-8 w-8 text-brand-700" />
                    <h3 className="mt-4 text-2xl font-semibold">{title}</h3>
                    <p dir="auto" className="mt-3 text-slate-700">{text}</p>
                  </article>
                ))}
              </div>
            </AboutSection>

            <AboutSection
              id="timeline"
              inner="mx-auto max-w-3xl px-4 sm:px-6"
              className="bg-white py-14"
              title={t('public.about.journey')}
            >
              <ol className="mt-8 space-y-8 border-s-2 border-brand-100 ps-6">
                {data.timeline.map((item) => (
                  <li key={`${item.year}-${item.title}`} className="relative">
                    <span
                      aria-hidden="true"
                      className="absolute top-1.5 -inset-s-[33px] h-4 w-4 rounded-full border-4 border-white bg-brand-700"
                    />
                    <p dir="auto" className="text-sm font-bold text-brand-700">{item.year}</p>
                    <h3 dir="auto" className="text-lg font-semibold">{item.title}</h3>
                    <p dir="auto" className="mt-1 text-slate-700">{item.description}</p>
                  </li>
                ))}
              </ol>
            </AboutSection>

            <AboutSection id="values" title={t('public.about.values')}>
              <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {data.values.map((v) => (
                  <AboutCard key={v.title} Icon={VALUE_ICONS[v.title] ?? Heart} title={v.title} titleDir="auto" titleClassName="text-lg">
                    <p dir="auto" className="mt-1 text-sm text-slate-700">{v.description}</p>
                  </AboutCard>
                ))}
              </ul>
            </AboutSection>

            <AboutSection id="leadership" className="bg-white py-14" title={t('public.about.leadership')}>
              <div className="mt-8">
                <TeamGrid team={data.team} />
              </div>
              <p className="mt-8 text-slate-700">
                {rich(t('public.about.careers'), {
                  careers: (chunk) => (
                    <Link to="/careers" className="rounded font-semibold text-brand-700 underline hover:text-brand-800">
                      {chunk}
                    </Link>
                  ),
                })}
              </p>
            </AboutSection>

            <AboutSection id="contact" title={t('public.about.contact')}>
              <ul className="mt-8 grid gap-6 md:grid-cols-3">
                <AboutCard Icon={Mail} title={t('common.email')}>
                  <a
                    href={`mailto:${data.contact.email}`}
                    className="mt-1 inline-block rounded break-all text-brand-700 underline"
                  >
                    <bdi>{data.contact.email}</bdi>
                  </a>
                </AboutCard>
                <AboutCard Icon={Phone} title={t('profile.phone')}>
                  <a
                    dir="ltr"
                    href={`tel:${data.contact.phone.replace(/[^\d+]/g, '')}`}
                    className="mt-1 inline-block rounded text-brand-700 underline"
                  >
                    {data.contact.phone}
                  </a>
                </AboutCard>
                <AboutCard Icon={MapPin} title={t('public.about.office')}>
                  <p dir="auto" className="mt-1 text-slate-700">{data.contact.headquarters}</p>
                </AboutCard>
              </ul>
              <p className="mt-6 text-slate-700">
                {rich(t('public.about.preferForm'), {
                  contact: (chunk) => (
                    <Link to="/contact" className="rounded font-semibold text-brand-700 underline">
                      {chunk}
                    </Link>
                  ),
                })}
              </p>
            </AboutSection>
          </>
        )}

        <AboutSection
          id="about-cta"
          className="bg-brand-800 py-14 text-white"
          inner="mx-auto max-w-3xl px-4 text-center sm:px-6"
          headingClassName="text-3xl font-bold"
          title={t('public.about.ctaTitle')}
        >
          <p className="mt-3 text-brand-50">{t('public.about.ctaBody')}</p>
          <Link to="/signup" className={`${buttonClass('secondary', 'lg')} mt-8 border-white`}>
            {t('public.about.ctaButton')} <ArrowRight aria-hidden="true" className="h-5 w-5 rtl:-scale-x-100" />
          </Link>
        </AboutSection>
      </main>
    </SiteLayout>
  );
}
