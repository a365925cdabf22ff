import { Focus, Repeat2, Sparkles, type LucideIcon } from 'lucide-react';

const FEATURES: ReadonlyArray<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Sparkles,
    title: 'AI-powered',
    text: 'Connect an AI provider and every word gets a full study card: translation, pronunciation, examples, synonyms, a mnemonic, grammar and CEFR level. Without one, you write the card.',
  },
  {
    icon: Repeat2,
    title: 'Smart spaced repetition',
    text: 'Flashcards, quizzes and spelling drills, each word scheduled for the moment you are about to forget it.',
  },
  {
    icon: Focus,
    title: 'Distraction-free',
    text: 'No ads, no streak-shaming, no clutter. Just your words and a few focused minutes a day.',
  },
];

export function FeaturesSection() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-5xl px-4 py-16">
      <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
        Everything you need, nothing you don&apos;t
      </h2>
      <ul className="mt-10 grid gap-4 md:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border bg-card p-6 shadow-sm">
            <div className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
              <Icon aria-hidden="true" className="size-5" />
            </div>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
