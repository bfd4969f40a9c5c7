import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { dateTimeIn } from '../../lib/zoned-time.ts';

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

/** Date and time of a notification in the viewer's zone (their profile's, else the browser's; decision 810), named. */
export function notificationTime(iso: string, zone: string): string {
  return `${dateTimeIn(iso, zone)} (${zone})`;
}
