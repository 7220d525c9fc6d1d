import { Bold, Heading2, Italic, Link2, List, ListOrdered } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { cleanRichText } from './rich-text';

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList' | 'heading' | 'link';

/**
 * The description's editor: an editable area with a few formatting buttons (bold, italic, heading,
 * lists, link). The browser's own editing commands do the formatting; what comes out is cleaned here
 * for the preview and again by the API when saved.
 */
export function RichTextEditor({
  id,
  label,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
}) {
  const { t } = useTranslation('website');
  const area = useRef<HTMLDivElement>(null);

  // Written into the area only from outside (load, reset): typing keeps the caret where it is.
  useEffect(() => {
    const element = area.current;
    if (element && element.innerHTML !== value) element.innerHTML = cleanRichText(value);
  }, [value]);

  const run = (command: Command) => {
    area.current?.focus();
    if (command === 'heading') document.execCommand('formatBlock', false, 'h2');
    else if (command === 'link') {
      const url = window.prompt(t('editor.linkPrompt'), 'https://');
      if (url && /^(https?:|mailto:|tel:)/i.test(url.trim()))
        document.execCommand('createLink', false, url.trim());
    } else document.execCommand(command);
    onChange(area.current?.innerHTML ?? '');
  };

  const tools: { command: Command; icon: typeof Bold; label: string }[] = [
    { command: 'bold', icon: Bold, label: t('editor.bold') },
    { command: 'italic', icon: Italic, label: t('editor.italic') },
    { command: 'heading', icon: Heading2, label: t('editor.heading') },
    { command: 'insertUnorderedList', icon: List, label: t('editor.bullets') },
    { command: 'insertOrderedList', icon: ListOrdered, label: t('editor.numbers') },
    { command: 'link', icon: Link2, label: t('editor.link') },
  ];

  return (
    <div
      className={cn(
        'overflow-hidden rounded-lg border bg-white focus-within:outline-2 focus-within:outline-brand-600',
        invalid ? 'border-red-500' : 'border-slate-300',
      )}
    >
      <div
        role="toolbar"
        aria-label={t('editor.toolbar')}
        className="flex flex-wrap gap-1 border-b border-slate-200 p-1"
      >
        {tools.map((tool) => (
          <Button
            key={tool.command}
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label={tool.label}
            title={tool.label}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(tool.command)}
          >
            <tool.icon aria-hidden="true" />
          </Button>
        ))}
      </div>
      <div
        ref={area}
        id={id}
        role="textbox"
        aria-label={label}
        aria-multiline="true"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        contentEditable
        suppressContentEditableWarning
        onInput={(event) => onChange(event.currentTarget.innerHTML)}
        className="min-h-36 space-y-2 px-3 py-2 text-sm text-slate-800 focus:outline-none [&_h2]:text-lg [&_h2]:font-bold [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&_a]:text-brand-700 [&_a]:underline"
        data-description-editor=""
      />
    </div>
  );
}
