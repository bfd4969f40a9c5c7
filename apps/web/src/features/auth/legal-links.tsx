import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { rich } from '../../lib/i18n.tsx';

const link = (to: string) => (chunk: string) => (
  <Link to={to} className="underline">
    {chunk}
  </Link>
);

/** A sign-in or sign-up line agreeing to the terms and the privacy policy, its <terms> and <privacy> as links. */
export function agreeWithLinks(message: string): ReactNode {
  return rich(message, { terms: link('/terms'), privacy: link('/privacy') });
}
