import { MEASURED_CLAIMS, MEASUREMENT_METHOD_URL, SCREEN_TEXT } from '@verba/shared';

/** The learning claims, stated as what the scheduling benchmark measured, with its method. */
export function StatsSection() {
  return (
    <section aria-labelledby="stats-title" className="mx-auto max-w-5xl px-4 py-16">
      <h2 id="stats-title" className="sr-only">
        Results
      </h2>
      <dl className="grid grid-cols-3 gap-3 sm:gap-6">
        {MEASURED_CLAIMS.map(({ value, label }) => (
          <div
            key={label}
            className="flex flex-col-reverse items-center gap-1 rounded-2xl border bg-card p-4 text-center sm:p-8"
          >
            <dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
            <dd className="text-2xl font-extrabold tracking-tight text-primary sm:text-4xl">
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
