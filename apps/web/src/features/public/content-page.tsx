import { useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { SiteLayout } from '../../components/layout/site-layout.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { PrivacyPage } from '../privacy/privacy-page.tsx';

interface Section {
  heading: string;
  body: ReactNode;
}

interface ContentPageDef {
  title: string;
  intro: ReactNode;
  sections: Section[];
  cta?: { to: string; label: string };
}

const linkClass = 'rounded font-medium text-brand-700 underline hover:text-brand-800';

function List({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 ps-6">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

export interface Faq {
  question: string;
  answer: ReactNode;
}

export const FAQS: Faq[] = [
  {
    question: 'How does booking a mentoring session work?',
    answer: (
      <>
        <p>
          Open{' '}
          <Link to="/experts" className={linkClass}>
            Experts
          </Link>
          , choose a verified professional and send a connection request with a short message. You can pick one of the free slots
          the professional publishes; times already taken are never offered.
        </p>
        <p className="mt-2">
          When the professional accepts, the session appears on your dashboard with a meeting link, and the invitation e-mail
          carries a calendar file. If the professional reschedules or cancels, you are notified.
        </p>
      </>
    ),
  },
  {
    question: 'How are ideas reviewed?',
    answer: (
      <>
        <p>
          Submit an idea from the Idea Dropbox in your dashboard with a title, category and description. You can keep it as a
          draft and edit it until you submit it; then its status becomes “under review”.
        </p>
        <p className="mt-2">
          Reviewers score ideas from 0 to 10 and give feedback. An idea can be shortlisted, approved, sent back for revision or
          rejected, and you see every status change on your dashboard. Public ideas can be liked and discussed by other students.
        </p>
      </>
    ),
  },
  {
    question: 'I forgot my password. How do I reset it?',
    answer: (
      <p>
        On the{' '}
        <Link to="/signin" className={linkClass}>
          sign-in page
        </Link>{' '}
        choose “Forgot password” and enter your e-mail address. If an account exists, we send a single-use link that is valid for
        one hour. Resetting your password signs out every other device. Professionals who received a temporary password are asked
        to choose their own at first sign-in.
      </p>
    ),
  },
  {
    question: 'How do I contact the MentorBridge team?',
    answer: (
      <p>
        Use the{' '}
        <Link to="/contact" className={linkClass}>
          contact form
        </Link>
        ; our team reads every message and answers by e-mail, usually within two working days. The same page lists our e-mail
        address and phone number.
      </p>
    ),
  },
  {
    question: 'Who can join MentorBridge?',
    answer: (
      <p>
        Students register themselves for free. Industry experts apply through{' '}
        <Link to="/signup" className={linkClass}>
          registration
        </Link>{' '}
        and are verified by our team before they appear to students. Universities and companies register there too and start once
        our team approves them.
      </p>
    ),
  },
  {
    question: 'How do workshops work?',
    answer: (
      <p>
        Upcoming workshops are listed on the{' '}
        <Link to="/workshops" className={linkClass}>
          Workshops
        </Link>{' '}
        page. Seats are limited and a registration is confirmed instantly; you can cancel while the workshop is upcoming. After
        attending a completed workshop you can download a certificate.
      </p>
    ),
  },
];

/** One question of the FAQ: a button that shows or hides its answer. */
function Disclosure({ faq }: { faq: Faq }) {
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
          {faq.question}
          <ChevronDown aria-hidden="true" className={`h-5 w-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="px-5 pb-5 text-slate-700">
        {faq.answer}
      </div>
    </div>
  );
}

const PAGES: Record<string, ContentPageDef> = {
  features: {
    title: 'Features',
    intro:
      'MentorBridge brings the four things students ask industry for into one place, with accounts for students, verified professionals and administrators.',
    sections: [
      {
        heading: 'Meet the Expert',
        body: (
          <p>
            Browse verified professionals by expertise, read their background and request a mentoring session in one of the slots
            they publish. Accepted sessions get a meeting link and a calendar invitation; professionals can reschedule or cancel
            and you are told straight away.
          </p>
        ),
      },
      {
        heading: 'Idea Dropbox',
        body: (
          <p>
            Write up a project or startup idea, save drafts, and submit it for review. Reviewers score it from 0 to 10 and leave
            feedback. Make an idea public to collect likes and comments from other students.
          </p>
        ),
      },
      {
        heading: 'R&D Collaboration',
        body: (
          <p>
            Companies and labs publish research projects with roles, open positions and deadlines. Apply with your documents,
            follow your application’s status, and set alerts to hear when a project changes or its deadline approaches.
          </p>
        ),
      },
      {
        heading: 'Workshops',
        body: (
          <p>
            Hands-on sessions run by professionals, online or on campus. Registration is confirmed instantly and never overbooked,
            invitations come with a calendar file, and attendees of completed workshops can download a certificate.
          </p>
        ),
      },
      {
        heading: 'Built for everyone',
        body: (
          <List
            items={[
              'Works on phones, tablets and desktops, and with a keyboard or screen reader.',
              'Notifications in the app and by e-mail, so nothing important is missed.',
              'Administrators verify professionals, publish workshops, review ideas and export reports.',
            ]}
          />
        ),
      },
    ],
    cta: { to: '/signup', label: 'Create a free student account' },
  },
  partners: {
    title: 'Partners',
    intro:
      'MentorBridge works with universities that want their students to meet industry, and with companies that want to meet the next generation of engineers, researchers and founders.',
    sections: [
      {
        heading: 'For universities',
        body: (
          <List
            items={[
              'Give every student access to verified mentors, not only those with personal connections.',
              'Run workshops with real seat limits, registrations and attendance certificates.',
              'See how students use mentoring, workshops and idea reviews through reports from the admin console.',
            ]}
          />
        ),
      },
      {
        heading: 'For companies and labs',
        body: (
          <List
            items={[
              'Publish R&D projects with defined roles and deadlines, and review applications in one place.',
              'Let your engineers mentor students and run workshops in the hours they choose.',
              'Meet motivated students early, through work rather than CVs alone.',
            ]}
          />
        ),
      },
      {
        heading: 'Become a partner',
        body: (
          <p>
            Universities and companies{' '}
            <Link to="/signup" className={linkClass}>
              register themselves
            </Link>
            ; our team approves each one. Questions first? Use the{' '}
            <Link to="/contact" className={linkClass}>
              contact form
            </Link>
            .
          </p>
        ),
      },
    ],
    cta: { to: '/contact', label: 'Talk to us about partnering' },
  },
  careers: {
    title: 'Careers',
    intro: 'We are a small team building a platform that connects students with the people who do the work they dream of doing.',
    sections: [
      {
        heading: 'Open positions',
        body: (
          <p>
            We have no open positions listed right now. We are always glad to hear from engineers, designers and partnership
            people who care about education: send us a note through the{' '}
            <Link to="/contact" className={linkClass}>
              contact form
            </Link>{' '}
            with “Careers” as the subject and a link to your work.
          </p>
        ),
      },
      {
        heading: 'How we work',
        body: (
          <List
            items={[
              'Students first: every feature starts from a real student or mentor need.',
              'Accessible by default: what we ship works with a keyboard and a screen reader.',
              'Privacy and security are part of the product, not an afterthought.',
            ]}
          />
        ),
      },
      {
        heading: 'Mentor with us',
        body: (
          <p>
            Not looking for a job but want to help? Industry professionals can volunteer as mentors or workshop hosts. Every
            mentor is verified by our team before meeting students;{' '}
            <Link to="/contact" className={linkClass}>
              get in touch
            </Link>{' '}
            to start.
          </p>
        ),
      },
    ],
  },
  blog: {
    title: 'Blog',
    intro: 'Notes from the MentorBridge team on mentoring, learning and the product.',
    sections: [
      {
        heading: 'Making the most of your first mentoring session',
        body: (
          <>
            <p>
              A first session goes best when the mentor knows why you came. In your connection request, say what you are studying,
              what you want to learn and one concrete question. Bring something to look at — a project, a draft CV, an idea —
              rather than asking for general advice.
            </p>
            <p className="mt-2">
              Afterwards, write down one thing you will do before the next session, and tell your mentor when it is done.
            </p>
          </>
        ),
      },
      {
        heading: 'Why every expert on MentorBridge is verified',
        body: (
          <p>
            Students should be able to trust the people they meet. Professionals are invited by our team, their background is
            checked before their profile is listed, and they must set their own password at first sign-in. Only active, verified
            professionals appear on the{' '}
            <Link to="/experts" className={linkClass}>
              Experts
            </Link>{' '}
            page.
          </p>
        ),
      },
      {
        heading: 'From idea to project: how the Idea Dropbox works',
        body: (
          <p>
            Ideas start as drafts you can edit. Once submitted, reviewers score them and leave feedback, and promising ideas can
            be shortlisted or approved. Public ideas collect likes and comments from other students — a good way to find teammates
            before you start building.
          </p>
        ),
      },
    ],
  },
  help: {
    title: 'Help Center',
    intro: 'Answers to the questions we hear most often. Choose a question to show its answer.',
    sections: [],
    cta: { to: '/contact', label: 'Still stuck? Contact us' },
  },
  privacy: {
    title: 'Privacy Policy',
    intro:
      'This policy explains what personal data MentorBridge collects, why, and the choices you have. We collect only what the platform needs to work.',
    sections: [
      {
        heading: 'What we collect',
        body: (
          <List
            items={[
              'Account details: name, e-mail address, password (stored only as a secure hash) and role.',
              'Profile details you choose to give: university, course, year of study, roll number, phone number, interests, bio and profile picture.',
              'What you do on the platform: connection requests, sessions, workshop registrations, ideas, comments, likes and project applications with their documents.',
              'Technical data needed for security, such as sign-in attempts and the IP address they came from.',
            ]}
          />
        ),
      },
      {
        heading: 'How we use it',
        body: (
          <List
            items={[
              'To run your account and the features you use, and to send the e-mails and notifications they involve.',
              'To keep the platform safe: rate limiting, preventing abuse and investigating problems.',
              'To produce aggregate reports for administrators of the platform.',
            ]}
          />
        ),
      },
      {
        heading: 'Who can see it',
        body: (
          <p>
            Professionals you connect with see your name and the information you include in requests and sessions. Reviewers and
            administrators see what they need to review ideas and applications. Documents you upload are available only to you and
            administrators. We do not sell personal data or use it for advertising.
          </p>
        ),
      },
      {
        heading: 'Cookies and storage',
        body: (
          <p>
            We do not use advertising or tracking cookies. Your browser stores your sign-in session locally so you stay signed in;
            signing out removes it.
          </p>
        ),
      },
      {
        heading: 'Your choices',
        body: (
          <p>
            You can view and correct your profile at any time from your dashboard. To ask for a copy of your data or for your
            account to be closed,{' '}
            <Link to="/contact" className={linkClass}>
              contact us
            </Link>
            .
          </p>
        ),
      },
    ],
  },
  terms: {
    title: 'Terms of Service',
    intro: 'These terms apply to everyone who uses MentorBridge. By creating an account you agree to them.',
    sections: [
      {
        heading: 'Your account',
        body: (
          <List
            items={[
              'Give accurate information when you register and keep your password secret.',
              'You are responsible for what is done with your account. Tell us straight away if you think someone else has used it.',
              'Students register themselves; professional accounts are created and verified by our team.',
            ]}
          />
        ),
      },
      {
        heading: 'Acceptable use',
        body: (
          <List
            items={[
              'Be respectful to students, mentors and staff. Harassment, discrimination and spam are not allowed.',
              'Only upload content you have the right to share. Do not upload malicious files.',
              'Do not try to access data or areas that are not meant for your role.',
            ]}
          />
        ),
      },
      {
        heading: 'Your content',
        body: (
          <p>
            You keep ownership of the ideas, comments and documents you submit. You allow MentorBridge to store and show them to
            the people who need to see them to provide the service — for example reviewers of an idea, or, if you make an idea
            public, other students.
          </p>
        ),
      },
      {
        heading: 'Sessions and workshops',
        body: (
          <p>
            Mentors and workshop hosts share their experience in good faith; their advice is not professional or legal advice.
            Please attend what you register for, or cancel in time so someone else can take the seat.
          </p>
        ),
      },
      {
        heading: 'Suspension and changes',
        body: (
          <p>
            We may suspend accounts that break these terms. We may update these terms as the platform grows and will tell
            registered users about significant changes. Questions?{' '}
            <Link to="/contact" className={linkClass}>
              Contact us
            </Link>
            .
          </p>
        ),
      },
    ],
  },
};

export const CONTENT_SLUGS = Object.keys(PAGES);

function ContentPage({ slug, page }: { slug: string; page: ContentPageDef }) {
  useDocumentTitle(page.title);
  return (
    <SiteLayout>
      <main id="main" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{page.title}</h1>
        <p className="mt-4 text-lg text-slate-700">{page.intro}</p>
        {slug === 'help' && (
          <section aria-labelledby="faq-title" className="mt-10">
            <h2 id="faq-title" className="text-2xl font-bold text-slate-900">
              Frequently asked questions
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
            <h2 className="text-2xl font-bold text-slate-900">{section.heading}</h2>
            <div className="mt-3 text-slate-700">{section.body}</div>
          </section>
        ))}
        {page.cta && (
          <div className="mt-12">
            <Link to={page.cta.to} className={buttonClass('primary', 'lg')}>
              {page.cta.label}
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
