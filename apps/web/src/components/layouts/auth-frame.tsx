import type { ReactNode } from 'react';
import { BrandMark } from '@/components/ui/brand-mark';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

export const AUTH_HOME_CLASS =
  'mb-8 flex items-center justify-center gap-2 self-center rounded-lg text-xl font-bold tracking-tight';

/**
 * Frame of the sign-in and sign-up pages: the brand above one centred card. Free of the router,
 * so it can paint before the app's code has arrived (route-skeleton.tsx); `homeLink` draws the
 * brand's link to the home page around the content it is given.
 */
export function AuthFrame({
  children,
  homeLink,
}: {
  children: ReactNode;
  homeLink: (content: ReactNode) => ReactNode;
}) {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-10">
      {homeLink(
        <>
          <BrandMark className="size-9" />
          <span>Verba</span>
        </>,
      )}
      <main>{children}</main>
    </div>
  );
}

/** The card of a sign-in or sign-up page: its heading, one line about it, then the form. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="text-center">
        <h1 className="text-2xl leading-tight font-semibold">{title}</h1>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
