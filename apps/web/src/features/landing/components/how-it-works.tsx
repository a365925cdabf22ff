const STEPS: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: 'Add a word',
    text: 'Type any word or phrase you met today, and write its card or let the server’s AI provider write it.',
  },
  {
    title: 'Practise daily',
    text: 'Your feed serves the words that are due, mixed into short, varied sessions.',
  },
  {
    title: 'Remember for good',
    text: 'Each review spaces the next one further out, until the word is mastered.',
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="bg-muted/50 py-16">
      <div className="mx-auto max-w-5xl px-4">
        <h2 id="how-title" className="text-center text-3xl font-bold tracking-tight">
          How it works
        </h2>
        <ol className="mt-10 grid gap-8 md:grid-cols-3">
          {STEPS.map(({ title, text }, index) => (
            <li key={title} className="flex gap-4 md:flex-col md:items-center md:text-center">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
