import { NotFound } from '@/components/errors/not-found';

export function NotFoundRoute() {
  return (
    <main className="flex min-h-dvh">
      <NotFound />
    </main>
  );
}
