/**
 * A rule with a caption, e.g. 'Or continue with'. The caption is ordinary text, which is what a
 * screen reader should hear; the lines are drawn by CSS.
 */
export function Separator({ children }: { children: string }) {
  return (
    <div className="signet-separator">
      <span className="signet-separator-text">{children}</span>
    </div>
  );
}
