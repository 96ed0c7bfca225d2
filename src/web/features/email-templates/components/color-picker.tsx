import { useId, useState } from 'react';
import { nl } from '@contracts/messages';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { fill } from '@web/lib/fill-message';
import { isHexColor } from '../lib/text-edit';

const t = nl.emailTemplatesUi;
/** Readable on white mail backgrounds (text) and as highlights. */
const PRESETS = ['#111827', '#DC2626', '#EA580C', '#CA8A04', '#16A34A', '#2563EB', '#7C3AED', '#DB2777'];
const HIGHLIGHTS = ['#FEF08A', '#FED7AA', '#FECACA', '#BBF7D0', '#BFDBFE', '#DDD6FE', '#FBCFE8', '#E5E7EB'];

/** Preset swatches plus a free colour; picking one applies it to the selection. */
export function ColorPicker({ background, onPick }: { background: boolean; onPick: (hex: string) => void }) {
  const id = useId();
  const [custom, setCustom] = useState(background ? '#FEF08A' : '#2563EB');
  const presets = background ? HIGHLIGHTS : PRESETS;
  return (
    <>
      <p className="text-sm font-medium">{background ? t.backgroundColor : t.textColor}</p>
      <div role="group" aria-label={t.colorPresets} className="grid grid-cols-8 gap-1.5">
        {presets.map((hex) => (
          <button
            key={hex}
            type="button"
            aria-label={fill(t.colorPreset, { color: hex })}
            onClick={() => onPick(hex)}
            className="size-6 rounded-md border border-black/10 shadow-xs outline-none hover:scale-110 focus-visible:ring-[3px] focus-visible:ring-ring/60"
            style={{ backgroundColor: hex }}
          />
        ))}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-custom`}>{t.customColor}</Label>
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={t.customColor}
            value={isHexColor(custom) ? custom : '#000000'}
            onChange={(e) => setCustom(e.target.value.toUpperCase())}
            className="h-9 w-10 shrink-0 cursor-pointer rounded-md border bg-background p-1"
          />
          <Input
            id={`${id}-custom`}
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
            spellCheck={false}
            className="font-mono"
            maxLength={7}
          />
          <Button size="sm" disabled={!isHexColor(custom)} onClick={() => onPick(custom)}>
            {t.apply}
          </Button>
        </div>
      </div>
    </>
  );
}
