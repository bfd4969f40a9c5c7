import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A notification as a link to its object (its action URL): an in-app path opens in place, an outside
 * address in a new tab. Without one it is plain text (nothing to open). `onOpen` marks it read.
 */
export function NotificationLink({ url, onOpen, className, children }: { url: string | null; onOpen: () => void; className: string; children: ReactNode }) {
  if (url?.startsWith('/')) {
    return (
      <Link to={url} onClick={onOpen} className={className}>
        {children}
      </Link>
    );
  }
  if (url && /^https?:\/\//.test(url)) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" onClick={onOpen} className={className}>
        {children}
      </a>
    );
  }
  return <div className={className}>{children}</div>;
}

/** Date and time of a notification in the viewer's zone (the browser's, until profiles carry one). */
export function notificationTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
