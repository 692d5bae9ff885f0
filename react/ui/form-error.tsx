/** A message about the whole form (not one field), announced when it appears. */
export function FormError({ children }: { children?: string | null }) {
  if (!children) return null;
  return (
    <p className="signet-form-error" role="alert">
      {children}
    </p>
  );
}
