import { Bold, Italic, List } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/**
 * The formatted text of a message: a small editor (bold, italic, bulleted list) whose HTML the server
 * sanitises to its allow-list anyway.
 */
export function RichTextField({
  label,
  value,
  onChange,
  error,
  name,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  name: string;
}) {
  const { t } = useTranslation('communications');
  const id = useId();
  const editor = useRef<HTMLDivElement>(null);
  // Filled once: afterwards the editor owns its content (resetting it would move the caret).
  useEffect(() => {
    if (editor.current && editor.current.innerHTML !== value && value === '') editor.current.innerHTML = '';
  }, [value]);
  const command = (name: 'bold' | 'italic' | 'insertUnorderedList') => {
    editor.current?.focus();
    document.execCommand(name);
    onChange(editor.current?.innerHTML ?? '');
  };
  const tools = [
    { name: 'bold' as const, icon: Bold, label: t('compose.bold') },
    { name: 'italic' as const, icon: Italic, label: t('compose.italic') },
    { name: 'insertUnorderedList' as const, icon: List, label: t('compose.list') },
  ];
  return (
    <div className="space-y-1.5">
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-700">
        {label}
      </span>
      <div className={cn('rounded-lg border bg-white', error ? 'border-red-500' : 'border-slate-300')}>
        <div
          className="flex gap-1 border-b border-slate-200 p-1"
          role="toolbar"
          aria-label={t('compose.format')}
        >
          {tools.map((tool) => (
            <button
              key={tool.name}
              type="button"
              className="rounded p-1.5 text-slate-600 hover:bg-slate-100"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => command(tool.name)}
              aria-label={tool.label}
              title={tool.label}
            >
              <tool.icon className="size-4" aria-hidden="true" />
            </button>
          ))}
        </div>
        <div
          ref={editor}
          id={id}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          contentEditable
          suppressContentEditableWarning
          tabIndex={0}
          data-field={name}
          className="prose prose-sm min-h-40 max-w-none px-3 py-2 text-sm focus:outline-2 focus:outline-brand-600 [&_ul]:list-disc [&_ul]:pl-5"
          onInput={() => onChange(editor.current?.innerHTML ?? '')}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
