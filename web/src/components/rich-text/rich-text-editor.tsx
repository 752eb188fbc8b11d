import { Box } from '@chakra-ui/react';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { editorHtml, safeLink } from './clean-html';
import { RichTextToolbar } from './toolbar';

interface Props {
  value: string;
  onChange: (html: string) => void;
  label: string;
  testId: string;
}

/** A description editor for shop owners: formatted text in, clean HTML out (see clean-html.ts). */
export function RichTextEditor({ value, onChange, label, testId }: Props) {
  // The last HTML this editor reported: a `value` equal to it is our own echo, anything else
  // (another product, the saved answer) replaces the document.
  const emitted = useRef(value);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        // It keeps an empty paragraph after a last heading or list, which the store would show.
        trailingNode: false,
        link: {
          openOnClick: false,
          autolink: true,
          isAllowedUri: (url) => safeLink(url) !== null,
          HTMLAttributes: { rel: 'noopener noreferrer', target: null },
        },
      }),
      // Supplier descriptions are mostly pictures: without the node they would vanish at the first edit.
      Image,
      // Suppliers put sizes and specifications in tables; without the nodes an edit would drop them.
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: value,
    editorProps: {
      attributes: { 'data-testid': testId, 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', class: 'rich-text' },
    },
    onUpdate: ({ editor: e }) => {
      const html = editorHtml(e.getHTML());
      emitted.current = html;
      onChange(html);
    },
  });

  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      w="full"
      _focusWithin={{ borderColor: 'teal.500' }}
      css={{
        '& .rich-text': { minHeight: '10rem', padding: '3', outline: 'none' },
        '& .rich-text > * + *': { marginTop: '2' },
        '& .rich-text h2': { fontSize: 'xl', fontWeight: 'semibold' },
        '& .rich-text h3': { fontSize: 'lg', fontWeight: 'semibold' },
        '& .rich-text ul': { listStyleType: 'disc', paddingInlineStart: '6' },
        '& .rich-text ol': { listStyleType: 'decimal', paddingInlineStart: '6' },
        '& .rich-text a': { color: 'teal.600', textDecoration: 'underline' },
        '& .rich-text img': { maxWidth: '100%', height: 'auto' },
        '& .rich-text table': { borderCollapse: 'collapse' },
        '& .rich-text td, & .rich-text th': { borderWidth: '1px', paddingInline: '2', paddingBlock: '1' },
        '& .rich-text blockquote': { borderInlineStartWidth: '3px', paddingInlineStart: '3', color: 'fg.muted' },
      }}
    >
      {editor ? <RichTextToolbar editor={editor} testId={testId} /> : null}
      <EditorContent editor={editor} />
    </Box>
  );
}
