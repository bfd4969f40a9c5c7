import { useEffect, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { ArrowRight, BookOpen, CalendarCheck, FlaskConical, Lightbulb, PlayCircle, Search, UserPlus, Users } from 'lucide-react';
import { SiteLayout } from '../../components/layout/site-layout.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { errorMessage } from '../../lib/api.ts';
import { useSiteContent } from './api.ts';
import { StatsList, StatsSkeleton, TeamGrid, TeamSkeleton } from './site-content.tsx';

/** The highlighted feature card moves on every 4 seconds (spec 000 §9). */
export const FEATURE_ROTATION_MS = 4000;

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

const FEATURES: { title: string; description: string; to: string; cta: string; icon: Icon }[] = [
  {
    title: 'Meet the Expert',
    description: 'Browse verified industry professionals, see when they are free and request a one-to-one mentoring session.',
    to: '/experts',
    cta: 'Browse experts',
    icon: Users,
  },
  {
    title: 'Idea Dropbox',
    description: 'Submit your project or startup idea, keep drafts, and get it reviewed and scored by experts in the field.',
    to: '/signup',
    cta: 'Share an idea',
    icon: Lightbulb,
  },
  {
    title: 'R&D Collaboration',
    description:
      'Apply to real research and development projects published by companies and labs, with defined roles and deadlines.',
    to: '/projects',
    cta: 'See open projects',
    icon: FlaskConical,
  },
  {
    title: 'Workshops',
    description:
      'Join hands-on workshops run by professionals, add them to your calendar and earn a certificate when you attend.',
    to: '/workshops',
    cta: 'Upcoming workshops',
    icon: BookOpen,
  },
];

const STEPS: { title: string; description: string; icon: Icon }[] = [
  {
    title: 'Sign Up & Profile',
    description: 'Create a free student account with your university, course and interests.',
    icon: UserPlus,
  },
  {
    title: 'Explore & Connect',
    description: 'Find experts, workshops and projects that match your goals, and send a connection request.',
    icon: Search,
  },
  {
    title: 'Learn & Grow',
    description: 'Meet your mentor, attend workshops, get feedback on your ideas and build real experience.',
    icon: CalendarCheck,
  },
];

/**
 * The product tour (Watch Demo): real screenshots of the product, regenerated with
 * `npm run screenshots` (scripts/screenshots.mjs writes apps/web/public/tour/*.webp).
 */
const TOUR: { title: string; description: string; image: string; alt: string }[] = [
  {
    title: 'Find an expert',
    description:
      'Search verified professionals by expertise, read their background and request a one-to-one session in one of their free slots.',
    image: '/tour/experts.webp',
    alt: 'The Professionals tab of the student dashboard: a search box, expertise filters and cards of verified professionals.',
  },
  {
    title: 'Join workshops',
    description:
      'Register for upcoming workshops in one click: seats are confirmed at once and the invitation arrives with a calendar file.',
    image: '/tour/workshops.webp',
    alt: 'The Workshops tab: your registrations above a list of upcoming workshops with dates, seats left and a Register button.',
  },
  {
    title: 'Share your ideas',
    description: 'Post an idea, collect likes and comments from other students, and get it reviewed and scored by experts.',
    image: '/tour/ideas.webp',
    alt: 'The Ideas tab: student ideas with their category, likes and comments.',
  },
  {
    title: 'Apply to R&D projects',
    description: 'Companies and labs publish research projects with real roles. Apply with your CV and follow every step of your application.',
    image: '/tour/projects.webp',
    alt: 'The R&D Projects tab: open projects with their organisation, roles, stipend and deadline.',
  },
  {
    title: 'Mentors see it all in one place',
    description: 'Professionals answer requests, publish their availability, run sessions and workshops from their own dashboard.',
    image: '/tour/mentor.webp',
    alt: "A professional's dashboard overview: workshops, pending requests, connected students, upcoming sessions and rating.",
  },
];

function usePrefersReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const mql = window.matchMedia(query);
    const onChange = () => setReduced(mql.matches);
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

const ROTATION_COPY = { pause: 'Pause rotation', resume: 'Resume rotation' } as const;

/**
 * The four feature cards; the highlight moves every 4 s (spec). It stops while a card has focus or the
 * pointer, for good with the Pause button (WCAG 2.2.2), and never moves under prefers-reduced-motion.
 */
function FeatureCards() {
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
          {stopped ? ROTATION_COPY.resume : ROTATION_COPY.pause}
        </button>
      </div>
    )}
    <ul
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
            className={`flex flex-col rounded-2xl border p-6 transition-all duration-300 ${on ? 'scale-[1.02] border-brand-600 bg-brand-700 text-white shadow-lg' : 'border-slate-200 bg-white text-slate-900 shadow-sm'}`}
          >
            <span
              className={`flex h-12 w-12 items-center justify-center rounded-xl ${on ? 'bg-white/15 text-white' : 'bg-brand-50 text-brand-700'}`}
            >
              <FeatureIcon aria-hidden="true" className="h-6 w-6" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{f.title}</h3>
            <p className={`mt-2 text-sm ${on ? 'text-brand-50' : 'text-slate-700'}`}>{f.description}</p>
            <Link
              to={f.to}
              className={`mt-auto inline-flex items-center gap-1 rounded pt-4 text-sm font-semibold hover:underline ${on ? 'text-white' : 'text-brand-700'}`}
            >
              {f.cta}
              <span className="sr-only">: {f.title}</span>
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
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
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (open) setStep(0);
  }, [open]);
  const last = step === TOUR.length - 1;
  const current = TOUR[step] ?? TOUR[0]!;
  useEffect(() => {
    if (!open) return;
    // Left and right arrows step through the tour from anywhere in the dialog.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest('dialog[open]')) return;
      if (event.key === 'ArrowRight') setStep((s) => Math.min(TOUR.length - 1, s + 1));
      if (event.key === 'ArrowLeft') setStep((s) => Math.max(0, s - 1));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Product tour"
      description={`Step ${step + 1} of ${TOUR.length}: ${current.title}. Use the arrow keys or the buttons to move.`}
      size="xl"
      footer={
        <>
          <button type="button" className={buttonClass('secondary')} onClick={() => setStep((s) => s - 1)} disabled={step === 0}>
            Back
          </button>
          {last ? (
            <Link to="/signup" className={buttonClass('primary')}>
              Start Your Journey
            </Link>
          ) : (
            <button type="button" className={buttonClass('primary')} onClick={() => setStep((s) => s + 1)}>
              Next
            </button>
          )}
        </>
      }
    >
      <div role="group" aria-roledescription="slide" aria-label={`${step + 1} of ${TOUR.length}`}>
        <ol aria-label="Tour steps" className="mb-4 flex gap-2">
          {TOUR.map((t, i) => (
            <li key={t.title} className="flex-1">
              <button
                type="button"
                onClick={() => setStep(i)}
                aria-current={i === step ? 'step' : undefined}
                className={`block h-2 w-full rounded-full ${i <= step ? 'bg-brand-700' : 'bg-slate-300'}`}
              >
                <span className="sr-only">{`Step ${i + 1}: ${t.title}`}</span>
              </button>
            </li>
          ))}
        </ol>
        <figure>
          <img
            key={current.image}
            src={current.image}
            alt={current.alt}
            width={960}
            height={600}
            className="aspect-[8/5] w-full rounded-xl border border-slate-200 bg-slate-100 object-cover object-top shadow-sm"
          />
          <figcaption aria-live="polite" className="mt-4">
            <span className="block text-base font-semibold">{current.title}</span>
            <span className="mt-1 block text-sm text-slate-700">{current.description}</span>
          </figcaption>
        </figure>
      </div>
    </Dialog>
  );
}

/** The hero's picture of the product: a real screenshot of the student dashboard in a browser frame. */
function ProductShot() {
  return (
    <figure className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl">
      <div aria-hidden="true" className="flex items-center gap-1.5 border-b border-slate-200 bg-slate-100 px-3 py-2">
        <span className="h-2.5 w-2.5 rounded-full bg-red-400" />
        <span className="h-2.5 w-2.5 rounded-full bg-amber-400" />
        <span className="h-2.5 w-2.5 rounded-full bg-green-500" />
      </div>
      <img
        src="/tour/workshops.webp"
        alt="The MentorBridge student dashboard: your workshop registrations above upcoming workshops with dates and seats left."
        width={960}
        height={600}
        decoding="async"
        className="aspect-[8/5] w-full object-cover object-top"
      />
    </figure>
  );
}

export function LandingPage() {
  useDocumentTitle('Mentoring for university students');
  const content = useSiteContent();
  const [tourOpen, setTourOpen] = useState(false);
  const data = content.data;
  const failed = content.isError ? errorMessage(content.error, 'We could not load this content.') : null;

  return (
    <SiteLayout>
      <main id="main">
        <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-slate-50">
          <div className="mx-auto max-w-7xl px-4 pt-12 pb-16 sm:px-6 lg:pt-20">
            <div className="grid items-center gap-10 lg:grid-cols-2">
            <div className="max-w-3xl">
              {data ? (
                <>
                  <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{data.brand.tagline}</p>
                  <h1 id="hero-title" className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
                    {data.hero.title}
                  </h1>
                  <p className="mt-5 text-lg text-slate-700">{data.hero.subtitle}</p>
                </>
              ) : (
                <>
                  <h1 id="hero-title" className="sr-only">
                    MentorBridge
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
                  Start Your Journey <ArrowRight aria-hidden="true" className="h-5 w-5" />
                </Link>
                <button type="button" className={buttonClass('secondary', 'lg')} onClick={() => setTourOpen(true)}>
                  <PlayCircle aria-hidden="true" className="h-5 w-5" /> Watch Demo
                </button>
              </div>
            </div>
            <ProductShot />
            </div>
            <div className="mt-14">
              <h2 className="sr-only">MentorBridge in numbers</h2>
              {data ? <StatsList stats={data.stats} /> : content.isPending ? <StatsSkeleton /> : null}
            </div>
          </div>
        </section>

        <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-16 sm:py-20">
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <h2 id="features-title" className="text-3xl font-bold text-slate-900">
              Everything you need to grow
            </h2>
            <p className="mt-3 max-w-2xl text-slate-700">
              Four ways to learn from people who already do the work you want to do.
            </p>
            <div className="mt-10">
              <FeatureCards />
            </div>
          </div>
        </section>

        <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-20 bg-white py-16 sm:py-20">
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <h2 id="how-title" className="text-3xl font-bold text-slate-900">
              How it works
            </h2>
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
                        {i + 1}
                      </span>
                      <StepIcon aria-hidden="true" className="h-6 w-6 text-brand-700" />
                    </div>
                    <h3 className="mt-4 text-lg font-semibold">
                      <span className="sr-only">Step {i + 1}: </span>
                      {s.title}
                    </h3>
                    <p className="mt-2 text-sm text-slate-700">{s.description}</p>
                  </li>
                );
              })}
            </ol>
          </div>
        </section>

        <section id="team" aria-labelledby="team-title" className="scroll-mt-20 py-16 sm:py-20">
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <h2 id="team-title" className="text-3xl font-bold text-slate-900">
              Leadership team
            </h2>
            <p className="mt-3 max-w-2xl text-slate-700">The people who keep MentorBridge useful, safe and fair.</p>
            <div className="mt-10">
              {data ? (
                <TeamGrid team={data.team} />
              ) : content.isPending ? (
                <TeamSkeleton />
              ) : (
                <p className="text-slate-700">The team list is unavailable right now.</p>
              )}
            </div>
          </div>
        </section>

        <section aria-labelledby="cta-title" className="bg-brand-800 py-16 text-white">
          <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
            <h2 id="cta-title" className="text-3xl font-bold">
              Ready to meet your mentor?
            </h2>
            <p className="mt-3 text-brand-50">
              Student accounts are free. Universities and companies can talk to us about partnering.
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link
                to="/signup"
                className="inline-flex items-center justify-center rounded-lg bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50"
              >
                Start Free Trial
              </Link>
              <Link
                to="/contact"
                className="inline-flex items-center justify-center rounded-lg border border-white px-6 py-3 font-semibold text-white hover:bg-white/10"
              >
                Schedule Demo
              </Link>
            </div>
          </div>
        </section>
      </main>
      <DemoTour open={tourOpen} onClose={() => setTourOpen(false)} />
    </SiteLayout>
  );
}
