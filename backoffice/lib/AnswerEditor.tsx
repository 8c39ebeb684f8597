import { useEffect, useRef } from 'react';
import 'ckeditor5/ckeditor5.css';
import './answer-editor.css';
import { Bold, ClassicEditor, Essentials, Heading, Indent, Italic, Link, List, Paragraph, Undo } from 'ckeditor5';
import translations from 'ckeditor5/translations/fr.js';

/**
 * The rich-text editor of the FAQ edit modal and of the inbox's answers (spec 3: CKEditor 5,
 * French, the toolbar undo, redo, heading, bold, italic, link, bulleted list, numbered list,
 * outdent, indent). One wrapper owns the imperative editor: created on mount, given new content
 * when `value` changes from outside, destroyed on unmount. This module is loaded only when the
 * FAQ modal or an inbox message opens.
 */

export interface AnswerEditorProps {
  /** The HTML to show; a change from outside (copy, generate, CLEAR) replaces the content. */
  value: string;
  onChange: (html: string) => void;
  /** The id of the visible label, for the editing area's accessible name. */
  labelledBy: string;
}

export default function AnswerEditor({ value, onChange, labelledBy }: AnswerEditorProps) {
  const holder = useRef<HTMLDivElement>(null);
  const editor = useRef<ClassicEditor | undefined>(undefined);
  const lastEmitted = useRef(value);
  const changed = useRef(onChange);
  changed.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; `value` is applied by the effect below.
  useEffect(() => {
    if (!holder.current) return;
    let cancelled = false;
    let created: ClassicEditor | undefined;
    void ClassicEditor.create(holder.current, {
      licenseKey: 'GPL',
      plugins: [Essentials, Paragraph, Heading, Bold, Italic, Link, List, Indent, Undo],
      toolbar: [
        'undo',
        'redo',
        '|',
        'heading',
        '|',
        'bold',
        'italic',
        'link',
        '|',
        'bulletedList',
        'numberedList',
        'outdent',
        'indent',
      ],
      language: 'fr',
      translations: [translations],
      initialData: value,
    }).then((instance) => {
      if (cancelled) {
        void instance.destroy();
        return;
      }
      created = instance;
      editor.current = instance;
      const editable = instance.ui.getEditableElement();
      editable?.setAttribute('aria-labelledby', labelledBy);
      instance.model.document.on('change:data', () => {
        const html = instance.getData();
        lastEmitted.current = html;
        changed.current(html);
      });
    });
    return () => {
      cancelled = true;
      editor.current = undefined;
      void created?.destroy();
    };
  }, []);

  useEffect(() => {
    const instance = editor.current;
    if (instance && value !== lastEmitted.current) {
      lastEmitted.current = value;
      instance.setData(value);
    }
  }, [value]);

  return (
    <div className="bo-editor">
      <div ref={holder} />
    </div>
  );
}
