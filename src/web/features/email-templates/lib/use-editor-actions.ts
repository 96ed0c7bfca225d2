import { useRef } from 'react';
import { insertText, wrapSelection, type TextEdit } from './text-edit';
import type { EditorForm } from './editor-form';

type TextField = 'subject' | 'htmlBody';

/**
 * Toolbar and variable insertion on the subject input and body textarea (both registered,
 * uncontrolled): the edit is written through react-hook-form and the selection restored after it.
 */
export function useEditorActions(form: EditorForm) {
  const elements = useRef<Partial<Record<TextField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const lastFocused = useRef<TextField>('htmlBody');

  const apply = (field: TextField, edit: (value: string, start: number, end: number) => TextEdit) => {
    const el = elements.current[field];
    if (!el) return;
    const value = form.getValues(field);
    const next = edit(value, el.selectionStart ?? value.length, el.selectionEnd ?? value.length);
    form.setValue(field, next.value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    requestAnimationFrame(() => {
      if (el.offsetParent === null) return; // hidden (preview shown): do not steal focus
      el.focus();
      el.setSelectionRange(next.selectionStart, next.selectionEnd);
    });
  };

  return {
    /** Ref and focus tracking for one of the two text fields; merge with register()'s ref. */
    bind: (field: TextField) => ({
      ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
        elements.current[field] = el;
      },
      onFocus: () => {
        lastFocused.current = field;
      },
    }),
    wrap: (before: string, after: string) =>
      apply('htmlBody', (v, s, e) => wrapSelection(v, s, e, before, after)),
    insert: (text: string) => apply(lastFocused.current, (v, s, e) => insertText(v, s, e, text)),
  };
}
