/** Props of `CodeList`. */
export interface CodeListProps {
  /** What the codes are, for screen readers and tests (`'Recovery codes'`). */
  label: string;
  /** The codes, each different, in the order to show them. */
  codes: readonly string[];
}

/**
 * Codes shown together for the user to save (recovery codes): a list in a bordered box, two
 * monospaced columns.
 */
export function CodeList({ label, codes }: CodeListProps) {
  return (
    <ul className="signet-code-list" aria-label={label}>
      {codes.map((code) => (
        <li key={code}>
          <code>{code}</code>
        </li>
      ))}
    </ul>
  );
}
