import type { ReactNode } from 'react';

/** The sentence that opens a form or a step of one: 'Enter the code from your email'. */
export function FormIntro({ children }: { children?: ReactNode }) {
  return <p className="signet-form-intro">{children}</p>;
}
