import { Lightbulb } from 'lucide-react';

// A fixed sample card: what the AI writes for any word the learner adds.
const SAMPLE = {
  word: 'mariposa',
  ipa: 'ma.ɾiˈpo.sa',
  translation: 'butterfly',
  grammarType: 'noun',
  cefrLevel: 'A2',
  synonyms: ['polilla (moth)'],
  mnemonic: 'Picture Mary (Mari) posing (posa) for a photo as a butterfly lands on her hand.',
  example: {
    target: 'Una mariposa azul voló por el jardín.',
    translation: 'A blue butterfly flew through the garden.',
  },
  themes: ['Nature', 'Animals'],
};

export function StepDemoWord() {
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Add any word</h1>
        <p className="text-muted-foreground">
          Type a word or phrase and AI writes its study card. Like this one:
        </p>
      </div>
      <div
        className="rounded-lg border border-input bg-card px-3 py-3 text-base shadow-xs"
        aria-hidden="true"
      >
        {SAMPLE.word}
      </div>
      <article
        aria-label={`Sample word card: ${SAMPLE.word}`}
        className="rounded-2xl border bg-card p-5 shadow-sm"
      >
        <div className="flex items-baseline justify-between gap-3">
          <h2 className="text-2xl font-bold">{SAMPLE.word}</h2>
          <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">
            {SAMPLE.cefrLevel}
          </span>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">/{SAMPLE.ipa}/</p>
        <p className="mt-3 text-lg font-medium">
          {SAMPLE.translation}{' '}
          <span className="text-sm font-normal text-muted-foreground">· {SAMPLE.grammarType}</span>
        </p>
        <p className="mt-1 text-sm text-muted-foreground">Synonyms: {SAMPLE.synonyms.join(', ')}</p>
        <div className="mt-4 flex gap-2 rounded-xl bg-muted p-3 text-sm">
          <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-500" />
          <p>
            <span className="font-semibold">Remember:</span> {SAMPLE.mnemonic}
          </p>
        </div>
        <blockquote className="mt-4 border-l-2 border-primary/50 pl-3 text-sm">
          <p className="font-medium">{SAMPLE.example.target}</p>
          <p className="text-muted-foreground">{SAMPLE.example.translation}</p>
        </blockquote>
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Themes">
          {SAMPLE.themes.map((theme) => (
            <li
              key={theme}
              className="rounded-full bg-secondary px-2.5 py-1 text-xs font-medium text-secondary-foreground"
            >
              {theme}
            </li>
          ))}
        </ul>
      </article>
    </div>
  );
}
