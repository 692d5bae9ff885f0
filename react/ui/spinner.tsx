/** A small busy indicator; decorative, so screen readers rely on the control's own state. */
export function Spinner() {
  return <span className="signet-spinner" aria-hidden="true" />;
}
