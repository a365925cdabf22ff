import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { CardForm as CardFormComponent } from './card-form';

// The form library and the card schema load when a card is first written or edited, not with the
// word screens, whose first load has a byte budget (scripts/measure-bundle.mjs).
const CardForm = lazy(() => import('./card-form').then((module) => ({ default: module.CardForm })));

/** The card form, loaded on first use; a spinner holds its place meanwhile. */
export function LazyCardForm(props: ComponentProps<typeof CardFormComponent>) {
  return (
    <Suspense
      fallback={
        <div role="status" aria-label="Loading the form" className="flex justify-center py-6">
          <Spinner className="size-6 text-muted-foreground" />
        </div>
      }
    >
      <CardForm {...props} />
    </Suspense>
  );
}
