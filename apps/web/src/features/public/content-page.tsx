import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { SiteLayout } from '../../components/layout/site-layout.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { rich, useT, type MessageKey } from '../../lib/i18n.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { PrivacyPage } from '../privacy/privacy-page.tsx';

/** A paragraph (its links written as `<contact>…</contact>` tags in the message) or a bulleted list. */
type Block = { p: MessageKey } | { list: MessageKey[] };

interface Section {
  heading: MessageKey;
  body: Block[];
}

interface ContentPageDef {
  title: MessageKey;
  intro: MessageKey;
  sections: Section[];
  cta?: { to: string; label: MessageKey };
}

const linkClass = 'rounded font-medium text-brand-700 underline hover:text-brand-800';

/** The pages a message may link to, by its tag name. */
const LINKS: Record<string, string> = { experts: '/experts', signin: '/signin', contact: '/contact', signup: '/signup', workshops: '/workshops' };
const TAGS = Object.fromEntries(
  Object.entries(LINKS).map(([tag, to]) => [
    tag,
    (chunk: string) => (
      <Link to={to} className={linkClass}>
        {chunk}
      </Link>
    ),
  ]),
);

function Blocks({ blocks }: { blocks: Block[] }) {
  const t = useT();
  return (
    <>
      {blocks.map((block, i) =>
        'p' in block ? (
          <p key={i} className={i > 0 ? 'mt-2' : undefined}>
            {rich(t(block.p), TAGS)}
          </p>
        ) : (
          <ul key={i} className={`list-disc space-y-2 ps-6${i > 0 ? ' mt-2' : ''}`}>
            {block.list.map((item) => (
              <li key={item}>{t(item)}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

export interface Faq {
  question: MessageKey;
  answer: MessageKey[];
}

export const FAQS: Faq[] = [
  { question: 'content.faq.booking.q', answer: ['content.faq.booking.a1', 'content.faq.booking.a2'] },
  { question: 'content.faq.ideas.q', answer: ['content.faq.ideas.a1', 'content.faq.ideas.a2'] },
  { question: 'content.faq.password.q', answer: ['content.faq.password.a1'] },
  { question: 'content.faq.contact.q', answer: ['content.faq.contact.a1'] },
  { question: 'content.faq.join.q', answer: ['content.faq.join.a1'] },
  { question: 'content.faq.workshops.q', answer: ['content.faq.workshops.a1'] },
];

/** One question of the FAQ: a button that shows or hides its answer. */
function Disclosure({ faq }: { faq: Faq }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="rounded-xl border border-slate-200 bg-white">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
          className="flex w-full items-center justify-between gap-4 rounded-xl px-5 py-4 text-start font-semibold text-slate-900 hover:bg-slate-50"
        >
          {t(faq.question)}
          <ChevronDown aria-hidden="true" className={`h-5 w-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="px-5 pb-5 text-slate-700">
        <Blocks blocks={faq.answer.map((p) => ({ p }))} />
      </div>
    </div>
  );
}

const PAGES: Record<string, ContentPageDef> = {
  features: {
    title: 'content.features.title',
    intro: 'content.features.intro',
    sections: [
      { heading: 'content.features.expert.heading', body: [{ p: 'content.features.expert.body' }] },
      { heading: 'content.features.ideas.heading', body: [{ p: 'content.features.ideas.body' }] },
      { heading: 'content.features.rd.heading', body: [{ p: 'content.features.rd.body' }] },
      { heading: 'content.features.workshops.heading', body: [{ p: 'content.features.workshops.body' }] },
      {
        heading: 'content.features.everyone.heading',
        body: [{ list: ['content.features.everyone.1', 'content.features.everyone.2', 'content.features.everyone.3'] }],
      },
    ],
    cta: { to: '/signup', label: 'content.features.cta' },
  },
  partners: {
    title: 'content.partners.title',
    intro: 'content.partners.intro',
    sections: [
      {
        heading: 'content.partners.universities.heading',
        body: [{ list: ['content.partners.universities.1', 'content.partners.universities.2', 'content.partners.universities.3'] }],
      },
      {
        heading: 'content.partners.companies.heading',
        body: [{ list: ['content.partners.companies.1', 'content.partners.companies.2', 'content.partners.companies.3'] }],
      },
      { heading: 'content.partners.become.heading', body: [{ p: 'content.partners.become.body' }] },
    ],
    cta: { to: '/contact', label: 'content.partners.cta' },
  },
  careers: {
    title: 'content.careers.title',
    intro: 'content.careers.intro',
    sections: [
      { heading: 'content.careers.open.heading', body: [{ p: 'content.careers.open.body' }] },
      { heading: 'content.careers.how.heading', body: [{ list: ['content.careers.how.1', 'content.careers.how.2', 'content.careers.how.3'] }] },
      { heading: 'content.careers.mentor.heading', body: [{ p: 'content.careers.mentor.body' }] },
    ],
  },
  blog: {
    title: 'content.blog.title',
    intro: 'content.blog.intro',
    sections: [
      { heading: 'content.blog.first.heading', body: [{ p: 'content.blog.first.1' }, { p: 'content.blog.first.2' }] },
      { heading: 'content.blog.verified.heading', body: [{ p: 'content.blog.verified.body' }] },
      { heading: 'content.blog.ideas.heading', body: [{ p: 'content.blog.ideas.body' }] },
    ],
  },
  help: {
    title: 'content.help.title',
    intro: 'content.help.intro',
    sections: [],
    cta: { to: '/contact', label: 'content.help.cta' },
  },
  privacy: {
    title: 'content.privacy.title',
    intro: 'content.privacy.intro',
    sections: [
      {
        heading: 'content.privacy.collect.heading',
        body: [{ list: ['content.privacy.collect.1', 'content.privacy.collect.2', 'content.privacy.collect.3', 'content.privacy.collect.4'] }],
      },
      { heading: 'content.privacy.use.heading', body: [{ list: ['content.privacy.use.1', 'content.privacy.use.2', 'content.privacy.use.3'] }] },
      { heading: 'content.privacy.see.heading', body: [{ p: 'content.privacy.see.body' }] },
      { heading: 'content.privacy.cookies.heading', body: [{ p: 'content.privacy.cookies.body' }] },
      { heading: 'content.privacy.choices.heading', body: [{ p: 'content.privacy.choices.body' }] },
    ],
  },
  terms: {
    title: 'content.terms.title',
    intro: 'content.terms.intro',
    sections: [
      { heading: 'content.terms.account.heading', body: [{ list: ['content.terms.account.1', 'content.terms.account.2', 'content.terms.account.3'] }] },
      { heading: 'content.terms.use.heading', body: [{ list: ['content.terms.use.1', 'content.terms.use.2', 'content.terms.use.3'] }] },
      { heading: 'content.terms.content.heading', body: [{ p: 'content.terms.content.body' }] },
      { heading: 'content.terms.sessions.heading', body: [{ p: 'content.terms.sessions.body' }] },
      { heading: 'content.terms.changes.heading', body: [{ p: 'content.terms.changes.body' }] },
    ],
  },
};

export const CONTENT_SLUGS = Object.keys(PAGES);

function ContentPage({ slug, page }: { slug: string; page: ContentPageDef }) {
  const t = useT();
  useDocumentTitle(t(page.title));
  return (
    <SiteLayout>
      <main id="main" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{t(page.title)}</h1>
        <p className="mt-4 text-lg text-slate-700">{t(page.intro)}</p>
        {slug === 'help' && (
          <section aria-labelledby="faq-title" className="mt-10">
            <h2 id="faq-title" className="text-2xl font-bold text-slate-900">
              {t('content.faq.title')}
            </h2>
            <div className="mt-6 space-y-3">
              {FAQS.map((faq) => (
                <Disclosure key={faq.question} faq={faq} />
              ))}
            </div>
          </section>
        )}
        {page.sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="text-2xl font-bold text-slate-900">{t(section.heading)}</h2>
            <div className="mt-3 text-slate-700">
              <Blocks blocks={section.body} />
            </div>
          </section>
        ))}
        {page.cta && (
          <div className="mt-12">
            <Link to={page.cta.to} className={buttonClass('primary', 'lg')}>
              {t(page.cta.label)}
            </Link>
          </div>
        )}
      </main>
    </SiteLayout>
  );
}

/** /:page — a content page for a known slug, the 404 page for anything else. */
export function ContentRoute() {
  const { page: slug = '' } = useParams();
  const page = Object.hasOwn(PAGES, slug) ? PAGES[slug] : undefined;
  if (!page) return <NotFoundPage />;
  // The published privacy notice replaces the built-in policy once there is one (issue 24).
  if (slug === 'privacy') return <PrivacyPage fallback={<ContentPage key={slug} slug={slug} page={page} />} />;
  return <ContentPage key={slug} slug={slug} page={page} />;
}
