/** A value shown in full with a Copy button beside it (ids, URLs, keys shown once). */
import { useState } from 'react';

/** Shows `value` and copies it on click; says "Copied" for two seconds. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Without clipboard access the value stays selectable on the page.
    }
  };
  return (
    <div className="console-copy">
      <span className="console-copy-label">{label}</span>
      <code className="console-copy-value">{value}</code>
      <button type="button" className="console-copy-button" onClick={copy} aria-label={`Copy ${label}`}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
