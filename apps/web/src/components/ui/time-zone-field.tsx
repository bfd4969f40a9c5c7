import { useId, useMemo, useState } from 'react';
import { allZones, isTimeZone } from '../../lib/time-zones.ts';
import { TextField } from './field.tsx';
import { useT } from '../../lib/i18n.tsx';

/**
 * A time-zone picker over every IANA zone with search (decision 702): a text field with the zones as
 * suggestions. A typed value that is not a zone is shown as an error and never passed on.
 */
export function TimeZoneField({
  label,
  value,
  onChange,
  hint,
}: {
  label?: string;
  value: string;
  onChange: (zone: string) => void;
  hint?: string | null;
}) {
  const t = useT();
  const listId = useId();
  const zones = useMemo(() => allZones(), []);
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The ~420 suggestions exist only once the field is used: pages with several closed pickers stay light.
  const [used, setUsed] = useState(false);
  // Follow a value changed from outside (e.g. the profile's zone arriving).
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const invalid = text.trim() !== '' && text !== value && !isTimeZone(text.trim());
  return (
    <div>
      <TextField
        label={label ?? t('profile.timeZone')}
        list={listId}
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        value={text}
        hint={hint === null ? undefined : (hint ?? t('shell.timeZone.hint'))}
        error={invalid ? t('shell.timeZone.invalid') : undefined}
        onFocus={(e) => {
          setUsed(true);
          e.currentTarget.select();
        }}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          if (isTimeZone(next.trim()) && zones.includes(next.trim())) {
            setShown(next.trim());
            onChange(next.trim());
          }
        }}
        onBlur={() => {
          if (!isTimeZone(text.trim())) setText(value);
        }}
      />
      <datalist id={listId}>
        {used &&
          zones.map((z) => (
            <option key={z} value={z} />
          ))}
      </datalist>
    </div>
  );
}
