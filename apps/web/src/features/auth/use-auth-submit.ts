import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api.ts';

/**
 * The submit of a one-step password form (forgot, reset): the form's own checks first (a message stops it),
 * then the request, whose answer becomes the success message; a failure shows its error or `fallback`.
 */
export function useAuthSubmit(fallback: string) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent, check: () => string | null, send: () => Promise<string>) {
    event.preventDefault();
    setError(null);
    const problem = check();
    if (problem) return setError(problem);
    setBusy(true);
    try {
      setDone(await send());
    } catch (err) {
      setError(errorMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  }

  return { error, done, busy, submit };
}
