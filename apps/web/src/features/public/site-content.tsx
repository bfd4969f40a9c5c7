import { ExternalLink } from 'lucide-react';
import type { SiteContent } from '@app/shared/content';
import { initials } from '../../lib/format.ts';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { useFormat, useT } from '../../lib/i18n.tsx';

type Member = SiteContent['team'][number];
type Stat = SiteContent['stats'][number];

/** Only our own images: the CSP allows nothing else (img-src 'self'). */
function isLocalImage(src: string | undefined): src is string {
  return !!src && src.startsWith('/') && !src.startsWith('//');
}

/** The leadership cards: name, role, bio, specialties and a professional-network link. */
export function TeamGrid({ team, headingLevel = 3 }: { team: Member[]; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const t = useT();
  // Names, roles and bios are the platform's own content, in whichever language it was written: dir="auto".
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {team.map((member) => (
        <li key={member.name} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          {isLocalImage(member.image) ? (
            <img src={member.image} alt={t('landing.team.portrait', { name: member.name })} className="h-20 w-20 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden="true"
              dir="auto"
              className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-800"
            >
              {initials(member.name)}
            </span>
          )}
          <Heading dir="auto" className="mt-4 text-lg font-semibold text-slate-900">
            {member.name}
          </Heading>
          <p dir="auto" className="text-sm font-medium text-brand-700">
            {member.role}
          </p>
          <p dir="auto" className="mt-3 text-sm text-slate-700">
            {member.bio}
          </p>
          {member.specialties.length > 0 && (
            <ul aria-label={t('landing.team.specialties', { name: member.name })} className="mt-4 flex flex-wrap gap-2">
              {member.specialties.map((s) => (
                <li key={s} dir="auto" className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
                  {s}
                </li>
              ))}
            </ul>
          )}
          {member.link && (
          <a
            href={member.link}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-auto inline-flex items-center gap-1 rounded pt-4 text-sm font-medium text-brand-700 hover:underline"
          >
            {t('landing.team.profile')}
            <span className="sr-only">{` ${t('landing.team.profileOf', { name: member.name })}`}</span>
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
          </a>
          )}
        </li>
      ))}
    </ul>
  );
}

export function TeamSkeleton() {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="team-skeleton">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="rounded-2xl border border-slate-200 bg-white p-6">
          <Skeleton className="h-20 w-20 rounded-full" />
          <Skeleton className="mt-4 h-5 w-3/4" />
          <Skeleton className="mt-2 h-4 w-1/2" />
          <Skeleton className="mt-4 h-16 w-full" />
        </div>
      ))}
    </div>
  );
}

/** Marketing numbers as a description list: value, then label. */
/** "10K+", "500", "1.5M": a figure the admins wrote, split so it can be written in the reader's digits. */
const FIGURE = /^(\d+(?:\.\d+)?)\s*([KkMm]?)(\+?)$/;

/**
 * A statistic's figure in the page's language: "10K+" is 10,000 or more, shown compactly with Intl
 * ("10K+", "10 हज़ार+", "10 mil+", "10 ألف+"). Anything else the admins wrote stays as written, isolated.
 */
function StatFigure({ value }: { value: string }) {
  const t = useT();
  const format = useFormat();
  const match = FIGURE.exec(value.trim());
  if (!match) return <bdi>{value}</bdi>;
  const [, digits = '0', unit = '', plus] = match;
  const count = Number(digits) * (unit.toLowerCase() === 'k' ? 1_000 : unit.toLowerCase() === 'm' ? 1_000_000 : 1);
  const shown = format.number(count, unit ? { notation: 'compact', maximumFractionDigits: 1 } : {});
  return <>{plus ? t('public.stats.orMore', { value: shown }) : t('public.stats.figure', { value: shown })}</>;
}

export function StatsList({ stats, tone = 'light' }: { stats: Stat[]; tone?: 'light' | 'dark' }) {
  const value = tone === 'dark' ? 'text-white' : 'text-brand-700';
  const label = tone === 'dark' ? 'text-brand-100' : 'text-slate-700';
  return (
    <dl className="grid grid-cols-2 gap-6 md:grid-cols-4">
      {stats.map((s) => (
        <div key={s.label} className="flex flex-col-reverse text-center">
          <dt dir="auto" className={`mt-1 text-sm font-medium ${label}`}>
            {s.label}
          </dt>
          <dd className={`text-3xl font-bold sm:text-4xl ${value}`}>
            <StatFigure value={s.value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function StatsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-6 md:grid-cols-4">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex flex-col items-center gap-2">
          <Skeleton className="h-9 w-20" />
          <Skeleton className="h-4 w-24" />
        </div>
      ))}
    </div>
  );
}
