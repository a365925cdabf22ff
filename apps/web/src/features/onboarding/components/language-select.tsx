import { LANGUAGES, type LanguageCode } from '@verba/shared';
import { LanguageFlag } from '@/components/ui/language-flag';
import { Label } from '@/components/ui/core/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';

interface LanguageSelectProps {
  id: string;
  label: string;
  value: LanguageCode;
  onChange: (language: LanguageCode) => void;
}

/** One of the 21 languages, each shown with its flag, English name and native name. */
export function LanguageSelect({ id, label, value, onChange }: LanguageSelectProps) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id} className="text-base">
        {label}
      </Label>
      <Select value={value} onValueChange={(code) => onChange(code as LanguageCode)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {LANGUAGES.map((language) => (
            <SelectItem key={language.code} value={language.code}>
              <LanguageFlag code={language.code} />
              <span className="truncate">
                {language.name}
                {language.nativeName !== language.name && (
                  <span className="text-muted-foreground"> · {language.nativeName}</span>
                )}
              </span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
