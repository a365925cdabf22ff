import { PenLine, RefreshCw, Trash2 } from 'lucide-react';
import { WORD_TEXT, type GeneratedCard } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { Card } from '@/components/ui/card';
import { CardView } from './card-view';

/** A card the AI wrote, not saved yet: save it, correct it first, ask again, or drop it. */
export function CardPreview({
  card,
  saving,
  onSpeak,
  onSave,
  onEdit,
  onRegenerate,
  onDiscard,
}: {
  card: GeneratedCard;
  saving: boolean;
  onSpeak: (text: string) => void;
  onSave: () => void;
  onEdit: () => void;
  onRegenerate: () => void;
  onDiscard: () => void;
}) {
  return (
    <Card className="p-5" aria-labelledby="generated-card-title" role="region">
      <CardView card={card} onSpeak={onSpeak} titleId="generated-card-title" />
      <Button className="mt-5 w-full" loading={saving} onClick={onSave}>
        {WORD_TEXT.save}
      </Button>
      <div className="mt-2 grid grid-cols-3 gap-2">
        <Button variant="outline" disabled={saving} onClick={onEdit}>
          <PenLine aria-hidden="true" />
          {WORD_TEXT.edit}
        </Button>
        <Button variant="outline" disabled={saving} onClick={onRegenerate}>
          <RefreshCw aria-hidden="true" />
          {WORD_TEXT.regenerate}
        </Button>
        <Button variant="outline" disabled={saving} onClick={onDiscard}>
          <Trash2 aria-hidden="true" />
          {WORD_TEXT.discard}
        </Button>
      </div>
    </Card>
  );
}
