import { MEASURED_CLAIMS, MEASUREMENT_METHOD_URL, SCREEN_TEXT } from '@verba/shared';

/** The learning claims, stated as what the scheduling benchmark measured, with its method. */
export function StatsSection() {
  return (
    <section aria-labelledby="stats-title" className="mx-auto max-w-5xl px-4 py-16">
      <h2 id="stats-title" className="sr-only">
        Results
      </h2>
      {/* One claim per row on phones (value beside its label); three columns from sm up. */}
      <dl className="grid gap-3 sm:grid-cols-3 sm:gap-6">
        {MEASURED_CLAIMS.map(({ value, label }) => (
          <div
            key={label}
            className="flex flex-row-reverse items-center justify-end gap-4 rounded-2xl border bg-card px-5 py-4 sm:flex-col-reverse sm:gap-2 sm:p-8 sm:text-center"
          >
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="w-24 shrink-0 text-3xl font-extrabold tracking-tight text-primary sm:w-auto sm:text-4xl">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-center text-sm">
        <a
          href={MEASUREMENT_METHOD_URL}
          className="text-muted-foreground underline underline-offset-4 hover:text-foreground"
        >
          {SCREEN_TEXT.howWeMeasured}
        </a>
      </p>
    </section>
  );
}
