import { useState } from 'react';

/** The logo image, or the 'DD' badge if it fails to load (spec 000 §2). */
export function Logo({ className = 'h-9 w-9' }: { className?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span aria-hidden="true" className={`inline-flex items-center justify-center rounded-lg bg-brand-700 text-sm font-bold text-white ${className}`}>
        DD
      </span>
    );
  }
  return <img src="/logo.svg" alt="" className={className} onError={() => setFailed(true)} />;
}
