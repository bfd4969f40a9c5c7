import { useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight, BookOpen, CalendarCheck, FlaskConical, Lightbulb, PlayCircle, Search, UserPlus, Users } from 'lucide-react';
import { HERO_SHOT } from '@app/shared/site-constants';
import { SiteLayout } from '../../components/layout/site-layout.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { errorMessage } from '../../lib/api.ts';
import { useFormat, useLanguage, useT, type MessageKey } from '../../lib/i18n.tsx';
import { useSiteContent } from './api.ts';
import { StatsList, StatsSkeleton, TeamGrid, TeamSkeleton } from './site-content.tsx';

/** The highlighted feature card moves on every 4 seconds (spec 000 §9). */
export const FEATURE_ROTATION_MS = 4000;

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

const FEATURES: { title: MessageKey; description: MessageKey; to: string; cta: MessageKey; icon: Icon }[] = [
  { title: 'landing.feature.experts.title', description: 'landing.feature.experts.text', to: '/experts', cta: 'landing.feature.experts.cta', icon: Users },
  { title: 'landing.feature.ideas.title', description: 'landing.feature.ideas.text', to: '/signup', cta: 'landing.feature.ideas.cta', icon: Lightbulb },
  { title: 'landing.feature.rd.title', description: 'landing.feature.rd.text', to: '/projects', cta: 'landing.feature.rd.cta', icon: FlaskConical },
  { title: 'landing.feature.workshops.title', description: 'landing.feature.workshops.text', to: '/workshops', cta: 'landing.feature.workshops.cta', icon: BookOpen },
];

const STEPS: { title: MessageKey; description: MessageKey; icon: Icon }[] = [
  { title: 'landing.step.signUp.title', description: 'landing.step.signUp.text', icon: UserPlus },
  { title: 'landing.step.explore.title', description: 'landing.step.explore.text', icon: Search },
  { title: 'landing.step.grow.title', description: 'landing.step.grow.text', icon: CalendarCheck },
];

/**
 * The product tour (Watch Demo): real screenshots of the product, regenerated with
 * `npm run screenshots` (scripts/screenshots.mjs writes apps/web/public/tour/*.webp).
 */
const TOUR: { title: MessageKey; description: MessageKey; image: string; alt: MessageKey }[] = [
  { title: 'tour.experts.title', description: 'tour.experts.text', image: '/tour/experts.webp', alt: 'tour.experts.alt' },
  { title: 'tour.workshops.title', description: 'tour.workshops.text', image: '/tour/workshops.webp', alt: 'tour.workshops.alt' },
  { title: 'tour.ideas.title', description: 'tour.ideas.text', image: '/tour/ideas.webp', alt: 'tour.ideas.alt' },
  { title: 'tour.projects.title', description: 'tour.projects.text', image: '/tour/projects.webp', alt: 'tour.projects.alt' },
  { title: 'tour.mentor.title', description: 'tour.mentor.text', image: '/tour/mentor.webp', alt: 'tour.mentor.alt' },
];

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function subscribeReducedMotion(onChange: () => void) {
  const mql = window.matchMedia(REDUCED_MOTION);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

/** The server (decision 1070) renders for motion; a hydrating page switches after hydration, never during it. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, () => window.matchMedia(REDUCED_MOTION).matches, () => false);
}

/**
 * The four feature cards; the highlight moves every 4 s (spec). It stops while a card has focus or the
 * pointer, for good with the Pause button (WCAG 2.2.2), and never moves under prefers-reduced-motion.
 */
function FeatureCards() {
  const t = useT();
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reduced = usePrefersReducedMotion();

  useEffect(() => {
    if (paused || hovered || stopped || reduced) return;
    const timer = setInterval(() => setActive((i) => (i + 1) % FEATURES.length), FEATURE_ROTATION_MS);
    return () => clearInterval(timer);
  }, [paused, hovered, stopped, reduced]);

  return (
    <>
    {!reduced && (
      <div className="mb-3 flex justify-end">
        <button
          type="button"
          onClick={() => setStopped((v) => !v)}
          className="rounded-lg border border-slate-500 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {stopped ? t('public.landing.resumeRotation') : t('public.landing.pauseRotation')}
        </button>
      </div>
    )}
    <ul
      // The app starts when this list comes on screen (decision 1340): its rotation is the app's.
      data-starts-app=""
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      {FEATURES.map((f, index) => {
        const on = index === active;
        const FeatureIcon = f.icon;
        return (
          <li
            key={f.title}
            data-active={on ? 'true' : 'false'}
            data-testid="feature-card"
            onMouseEnter={() => setActive(index)}
            onFocus={() => setActive(index)}
            className={`flex flex-col rounded-2xl border p-6 transition-[scale,box-shadow] duration-300 ${on ? 'scale-[1.02] border-brand-600 bg-brand-700 text-white shadow-lg [&_:focus-visible]:outline-white' : 'border-slate-200 bg-white text-slate-900 shadow-sm'}`}
          >
            <span
              className={`flex h-12 w-12 items-center justify-center rounded-xl ${on ? 'bg-white/15 text-white' : 'bg-brand-50 text-brand-700'}`}
            >
              <FeatureIcon aria-hidden="true" className="h-6 w-6" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{t(f.title)}</h3>
            <p className={`mt-2 text-sm ${on ? 'text-brand-50' : 'text-slate-700'}`}>{t(f.description)}</p>
            <Link
              to={f.to}
              className={`mt-auto inline-flex items-center gap-1 rounded pt-4 text-sm font-semibold hover:underline ${on ? 'text-white' : 'text-brand-700'}`}
            >
              {t(f.cta)}
              <span className="sr-only">{`: ${t(f.title)}`}</span>
              <ArrowRight aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
            </Link>
          </li>
        );
      })}
    </ul>
    </>
  );
}

/** An accessible dialog stepping through real screenshots; arrow keys move between steps. */
function DemoTour({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { direction } = useLanguage();
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (open) setStep(0);
  }, [open]);
  const last = step === TOUR.length - 1;
  const current = TOUR[step] ?? TOUR[0]!;
  useEffect(() => {
    if (!open) return;
    // Left and right arrows step through the tour from anywhere in the dialog; right to left, the
    // arrow pointing to the start of the line goes back.
    const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest('dialog[open]')) return;
      if (event.key === forward) setStep((s) => Math.min(TOUR.length - 1, s + 1));
      if (event.key === backward) setStep((s) => Math.max(0, s - 1));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, direction]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('tour.title')}
      description={t('tour.description', { step: step + 1, total: TOUR.length, title: t(current.title) })}
      size="xl"
      footer={
        <>
          <button type="button" className={buttonClass('secondary')} onClick={() => setStep((s) => s - 1)} disabled={step === 0}>
            {t('common.back')}
          </button>
          {last ? (
            <Link to="/signup" className={buttonClass('primary')}>
              {t('landing.startJourney')}
            </Link>
          ) : (
            <button type="button" className={buttonClass('primary')} onClick={() => setStep((s) => s + 1)}>
              {t('common.next')}
            </button>
          )}
        </>
      }
    >
      <div role="group" aria-roledescription={t('tour.slide')} aria-label={t('tour.position', { step: step + 1, total: TOUR.length })}>
        <ol aria-label={t('tour.steps')} className="mb-4 flex gap-2">
          {TOUR.map((s, i) => (
            <li key={s.title} className="flex-1">
              <button
                type="button"
                onClick={() => setStep(i)}
                aria-current={i === step ? 'step' : undefined}
                className={`block h-2 w-full rounded-full ${i <= step ? 'bg-brand-700' : 'bg-slate-300'}`}
              >
                <span className="sr-only">{t('tour.stepButton', { step: i + 1, title: t(s.title) })}</span>
              </button>
            </li>
          ))}
        </ol>
        <figure>
          <img
            key={current.image}
            src={current.image}
            alt={t(current.alt)}
            width={960}
            height={600}
            className="aspect-[8/5] w-full rounded-xl border border-slate-200 bg-slate-100 object-cover object-top shadow-sm"
          />
          <figcaption aria-live="polite" className="mt-4">
            <span className="block text-base font-semibold">{t(current.title)}</span>
            <span className="mt-1 block text-sm text-slate-700">{t(current.description)}</span>
          </figcaption>
        </figure>
      </div>
    </Dialog>
  );
}

/** The hero's picture of the product: a real screenshot of the student dashboard in a browser frame. */
function ProductShot() {
  const t = useT();
  return (
    <figure className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl">
      <div aria-hidden="true" className="flex items-center gap-1.5 border-b border-slate-200 bg-slate-100 px-3 py-2">
        <span className="h-2.5 w-2.5 rounded-full bg-red-400" />
        <span className="h-2.5 w-2.5 rounded-full bg-amber-400" />
        <span className="h-2.5 w-2.5 rounded-full bg-green-500" />
      </div>
      <img
        src={HERO_SHOT.src}
        srcSet={HERO_SHOT.srcSet}
        sizes={HERO_SHOT.sizes}
        alt={t('landing.shotAlt')}
        width={960}
        height={600}
        fetchPriority="high"
        className="aspect-[8/5] w-full object-cover object-top"
      />
    </figure>
  );
}

/** A full-width landing section reached from the header's anchors: its title, an optional introduction, its content. */
function LandingSection({ id, titleId = `${id}-title`, white = false, title, intro, children }: { id: string; titleId?: string; white?: boolean; title: string; intro?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={titleId} className={white ? 'scroll-mt-20 bg-white py-16 sm:py-20' : 'scroll-mt-20 py-16 sm:py-20'}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id={titleId} className="text-3xl font-bold text-slate-900">
          {title}
        </h2>
        {intro !== undefined && <p className="mt-3 max-w-2xl text-slate-700">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

export function LandingPage() {
  const t = useT();
  const format = useFormat();
  useDocumentTitle(t('landing.documentTitle'));
  const content = useSiteContent();
  const [tourOpen, setTourOpen] = useState(false);
  const data = content.data;
  const failed = content.isError ? errorMessage(content.error, t('landing.contentFailed')) : null;

  return (
    <SiteLayout>
      <main id="main">
        <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-slate-50">
          <div className="mx-auto max-w-7xl px-4 pt-12 pb-16 sm:px-6 lg:pt-20">
            <div className="grid items-center gap-10 lg:grid-cols-2">
            <div className="max-w-3xl">
              {data ? (
                <>
                  <p dir="auto" className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{data.brand.tagline}</p>
                  <h1 id="hero-title" dir="auto" className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
                    {data.hero.title}
                  </h1>
                  <p dir="auto" className="mt-5 text-lg text-slate-700">{data.hero.subtitle}</p>
                </>
              ) : (
                <>
                  <h1 id="hero-title" className="sr-only">
                    {t('landing.heroFallback')}
                  </h1>
                  {content.isPending && (
                    <div data-testid="hero-skeleton">
                      <Skeleton className="h-4 w-64" />
                      <Skeleton className="mt-4 h-12 w-full" />
                      <Skeleton className="mt-5 h-20 w-full" />
                    </div>
                  )}
                  {failed && <ErrorState message={failed} onRetry={() => void content.refetch()} />}
                </>
              )}
              <div className="mt-8 flex flex-wrap gap-3">
                <Link to="/signup" className={buttonClass('primary', 'lg')}>
                  {t('landing.startJourney')} <ArrowRight aria-hidden="true" className="h-5 w-5 rtl:-scale-x-100" />
                </Link>
                <button type="button" className={buttonClass('secondary', 'lg')} onClick={() => setTourOpen(true)}>
                  <PlayCircle aria-hidden="true" className="h-5 w-5" /> {t('landing.watchDemo')}
                </button>
              </div>
            </div>
            <ProductShot />
            </div>
            <div className="mt-14">
              <h2 className="sr-only">{t('landing.inNumbers')}</h2>
              {data ? <StatsList stats={data.stats} /> : content.isPending ? <StatsSkeleton /> : null}
            </div>
          </div>
        </section>

        <LandingSection id="features" title={t('landing.features.title')} intro={t('landing.features.intro')}>
          <div className="mt-10">
            <FeatureCards />
          </div>
        </LandingSection>

        <LandingSection id="how-it-works" titleId="how-title" white title={t('landing.how.title')}>
          <ol className="mt-10 grid gap-8 md:grid-cols-3">
            {STEPS.map((s, i) => {
              const StepIcon = s.icon;
              return (
                <li key={s.title} className="rounded-2xl border border-slate-200 p-6">
                  <div className="flex items-center gap-3">
                    <span
                      className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                      aria-hidden="true"
                    >
                      {format.number(i + 1)}
                    </span>
                    <StepIcon aria-hidden="true" className="h-6 w-6 text-brand-700" />
                  </div>
                  <h3 className="mt-4 text-lg font-semibold">
                    <span className="sr-only">{`${t('landing.step', { number: i + 1 })} `}</span>
                    {t(s.title)}
                  </h3>
                  <p className="mt-2 text-sm text-slate-700">{t(s.description)}</p>
                </li>
              );
            })}
          </ol>
        </LandingSection>

        <LandingSection id="team" title={t('landing.team.title')} intro={t('landing.team.intro')}>
          <div className="mt-10">
            {data ? (
              <TeamGrid team={data.team} />
            ) : content.isPending ? (
              <TeamSkeleton />
            ) : (
              <p className="text-slate-700">{t('landing.team.unavailable')}</p>
            )}
          </div>
        </LandingSection>

        <section aria-labelledby="cta-title" className="bg-brand-800 py-16 text-white [&_:focus-visible]:outline-white">
          <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
            <h2 id="cta-title" className="text-3xl font-bold">
              {t('landing.cta.title')}
            </h2>
            <p className="mt-3 text-brand-50">{t('landing.cta.text')}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link
                to="/signup"
                className="inline-flex items-center justify-center rounded-lg bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50"
              >
                {t('landing.cta.trial')}
              </Link>
              <Link
                to="/contact"
                className="inline-flex items-center justify-center rounded-lg border border-white px-6 py-3 font-semibold text-white hover:bg-white/10"
              >
                {t('landing.cta.demo')}
              </Link>
            </div>
          </div>
        </section>
      </main>
      <DemoTour open={tourOpen} onClose={() => setTourOpen(false)} />
    </SiteLayout>
  );
}
