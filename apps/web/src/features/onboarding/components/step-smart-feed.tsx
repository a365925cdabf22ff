import { Brain, Layers3, Timer, type LucideIcon } from 'lucide-react';

const POINTS: ReadonlyArray<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Timer,
    title: 'A few minutes a day',
    text: 'Each session holds the words that are due today.',
  },
  {
    icon: Layers3,
    title: 'Three ways to practise',
    text: 'Flashcards, multiple-choice quizzes and spelling drills.',
  },
  {
    icon: Brain,
    title: 'Spaced repetition',
    text: 'Every word comes back just before you would forget it.',
  },
];

export function StepSmartFeed() {
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Your smart feed</h1>
        <p className="text-muted-foreground">
          Open the app, practise, done. Your feed decides what to review.
        </p>
      </div>
      <ul className="flex flex-col gap-4">
        {POINTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <div className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
              <Icon aria-hidden="true" className="size-5" />
            </div>
            <div>
              <p className="font-semibold">{title}</p>
              <p className="text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
