import { Baseline, Bold, Highlighter, Italic, Link2 } from 'lucide-react';
import { useState } from 'react';
import { nl } from '@contracts/messages';
import { Separator } from '@web/components/ui/separator';
import { ColorPicker } from './color-picker';
import { LinkForm } from './link-form';
import { ToolbarButton } from './toolbar-button';
import { ToolbarPopover } from './toolbar-popover';

const t = nl.emailTemplatesUi;
type Panel = 'color' | 'background' | 'link' | null;

/**
 * Bold, italic, text colour, background colour and link (docs/PRODUCT.md#email-templates-page). Each wraps the textarea's
 * current selection in the matching HTML.
 */
export function EditorToolbar({
  onWrap,
  disabled,
  controls,
}: {
  onWrap: (before: string, after: string) => void;
  disabled?: boolean;
  /** id of the textarea the toolbar formats. */
  controls: string;
}) {
  const [panel, setPanel] = useState<Panel>(null);
  const wrap = (before: string, after: string) => {
    setPanel(null);
    onWrap(before, after);
  };
  const toggle = (p: Exclude<Panel, null>) => (open: boolean) => setPanel(open ? p : null);

  return (
    <div
      role="toolbar"
      aria-label={t.toolbar}
      aria-controls={controls}
      className="flex flex-wrap items-center gap-0.5"
    >
      <ToolbarButton label={t.bold} disabled={disabled} onClick={() => wrap('<strong>', '</strong>')}>
        <Bold aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label={t.italic} disabled={disabled} onClick={() => wrap('<em>', '</em>')}>
        <Italic aria-hidden="true" />
      </ToolbarButton>
      <Separator orientation="vertical" className="mx-1 h-5!" />
      <ToolbarPopover
        label={t.textColor}
        icon={<Baseline aria-hidden="true" />}
        open={panel === 'color'}
        onOpenChange={toggle('color')}
        disabled={disabled}
      >
        <ColorPicker background={false} onPick={(hex) => wrap(`<span style="color:${hex}">`, '</span>')} />
      </ToolbarPopover>
      <ToolbarPopover
        label={t.backgroundColor}
        icon={<Highlighter aria-hidden="true" />}
        open={panel === 'background'}
        onOpenChange={toggle('background')}
        disabled={disabled}
      >
        <ColorPicker background onPick={(hex) => wrap(`<span style="background-color:${hex}">`, '</span>')} />
      </ToolbarPopover>
      <ToolbarPopover
        label={t.link}
        icon={<Link2 aria-hidden="true" />}
        open={panel === 'link'}
        onOpenChange={toggle('link')}
        disabled={disabled}
        className="w-72"
      >
        <LinkForm onInsert={(href) => wrap(`<a href="${href}">`, '</a>')} />
      </ToolbarPopover>
    </div>
  );
}
