import type { ReactNode } from 'react';
import { Actions } from './actions.js';
import { Button } from './button.js';
import { FieldError } from './field-error.js';
import { Stack } from './stack.js';

/** Props of `LoadFailed`. */
export interface LoadFailedProps {
  /** What could not be loaded, as the start of a sentence: `'The members'`, `'Your teams'`. */
  what: string;
  /** Why, in words (the error's message, or a plugin's wording of its code). */
  reason?: ReactNode;
  /** Loads again; the button is left out without it. */
  onRetry?: () => void;
}

/** "{what} could not be loaded." with the reason and a Try again button: a list or view that failed. */
export function LoadFailed({ what, reason, onRetry }: LoadFailedProps) {
  return (
    <Stack>
      <FieldError>
        {what} could not be loaded. {reason}
      </FieldError>
      {onRetry && (
        <Actions>
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </Actions>
      )}
    </Stack>
  );
}
