import { Heart, Lock, MessageCircle, Star, Unlock } from 'lucide-react';
import type { IdeaDto } from '@app/shared/ideas';
import { useFormat, useT } from '../../lib/i18n.tsx';

const STATUS_STYLES: Record<string, string> = {
  approved: 'bg-green-100 text-green-800',
  implemented: 'bg-emerald-100 text-emerald-800',
  shortlisted: 'bg-purple-100 text-purple-800',
  under_review: 'bg-blue-100 text-blue-800',
  revision_required: 'bg-amber-100 text-amber-900',
  rejected: 'bg-red-100 text-red-800',
  draft: 'bg-slate-200 text-slate-800',
};

/** The select key of an idea category in `ideas.categoryName`: "Business & Management" → "Business_Management". */
export const categoryKey = (category: string) => category.replace(/[^A-Za-z0-9]+/g, '_');

/** An idea category in the reader's language (categories are a fixed list). */
export function useIdeaCategory() {
  const t = useT();
  return (category: string) => t('ideas.categoryName', { category: categoryKey(category) });
}

export function IdeaStatusBadge({ status }: { status: string }) {
  const t = useT();
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium capitalize ${STATUS_STYLES[status] ?? 'bg-slate-100 text-slate-700'}`}>{t('ideas.status', { status })}</span>;
}

export function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  const t = useT();
  return isPublic ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-800"><Unlock aria-hidden="true" className="h-3 w-3" /> {t('ideas.visibility.public')}</span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"><Lock aria-hidden="true" className="h-3 w-3" /> {t('ideas.visibility.private')}</span>
  );
}

export function LikeButton({ idea, onToggle, busy }: { idea: IdeaDto; onToggle?: (idea: IdeaDto) => void; busy?: boolean }) {
  const t = useT();
  const format = useFormat();
  if (!onToggle) {
    return <span className="inline-flex items-center gap-1 text-sm text-slate-600"><Heart aria-hidden="true" className="h-4 w-4" /> {format.number(idea.likesCount)}</span>;
  }
  return (
    <button
      type="button"
      onClick={() => onToggle(idea)}
      disabled={busy}
      aria-pressed={idea.isLiked}
      aria-label={t('ideas.like.label', { liked: idea.isLiked ? 'yes' : 'no', title: idea.title, count: idea.likesCount })}
      className={`inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm ${idea.isLiked ? 'text-rose-700' : 'text-slate-600'} hover:bg-rose-50 disabled:opacity-60`}
    >
      <Heart aria-hidden="true" className={`h-4 w-4 ${idea.isLiked ? 'fill-rose-600 text-rose-600' : ''}`} /> {format.number(idea.likesCount)}
    </button>
  );
}

export function IdeaStats({ idea }: { idea: IdeaDto }) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      <span className="inline-flex items-center gap-1 text-sm text-slate-600"><MessageCircle aria-hidden="true" className="h-4 w-4" /> {format.number(idea.commentsCount)}</span>
      {idea.totalScore !== null && (
        <span className="inline-flex items-center gap-1 text-sm text-slate-600"><Star aria-hidden="true" className="h-4 w-4" /> {t('ideas.scoreOutOf10', { score: format.number(idea.totalScore) })}</span>
      )}
    </>
  );
}
