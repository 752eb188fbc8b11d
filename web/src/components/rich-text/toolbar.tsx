import { Box, Button, HStack, IconButton, Input } from '@chakra-ui/react';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeLink } from './clean-html';

type Mark = 'bold' | 'italic' | 'bulletList' | 'orderedList' | 'h2' | 'h3';

/** The formatting an owner needs for a product page: bold, italic, lists, two heading levels, links. */
export function RichTextToolbar({ editor, testId }: { editor: Editor; testId: string }) {
  const { t } = useTranslation();
  const [linking, setLinking] = useState<string | null>(null);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      link: e.isActive('link'),
    }),
  });
  const run: Record<Mark, () => void> = {
    bold: () => editor.chain().focus().toggleBold().run(),
    italic: () => editor.chain().focus().toggleItalic().run(),
    bulletList: () => editor.chain().focus().toggleBulletList().run(),
    orderedList: () => editor.chain().focus().toggleOrderedList().run(),
    h2: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    h3: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
  };
  const buttons: { mark: Mark; glyph: string; style?: object }[] = [
    { mark: 'bold', glyph: 'B', style: { fontWeight: 'bold' } },
    { mark: 'italic', glyph: 'I', style: { fontStyle: 'italic', fontFamily: 'serif' } },
    { mark: 'h2', glyph: 'H2' },
    { mark: 'h3', glyph: 'H3' },
    { mark: 'bulletList', glyph: '•≡' },
    { mark: 'orderedList', glyph: '1.' },
  ];
  function applyLink() {
    const href = safeLink(linking ?? '');
    if (href) editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setLinking(null);
  }
  return (
    <Box borderBottomWidth="1px" p="1" bg="bg.subtle" borderTopRadius="md">
      <HStack gap="1" wrap="wrap" role="toolbar" aria-label={t('richText.toolbar')}>
        {buttons.map((b) => (
          <IconButton
            key={b.mark}
            size="xs"
            variant={active[b.mark] ? 'solid' : 'ghost'}
            aria-label={t(`richText.${b.mark}`)}
            aria-pressed={active[b.mark]}
            title={t(`richText.${b.mark}`)}
            onClick={run[b.mark]}
            data-testid={`${testId}-${b.mark}`}
          >
            <Box as="span" {...b.style}>
              {b.glyph}
            </Box>
          </IconButton>
        ))}
        <Button
          size="xs"
          variant={active.link ? 'solid' : 'ghost'}
          aria-pressed={active.link}
          onClick={() => setLinking((editor.getAttributes('link').href as string | undefined) ?? '')}
          data-testid={`${testId}-link`}
        >
          {t('richText.link')}
        </Button>
      </HStack>
      {linking !== null ? (
        <HStack gap="1" mt="1">
          <Input
            size="xs"
            dir="ltr"
            autoFocus
            value={linking}
            placeholder="https://"
            aria-label={t('richText.linkAddress')}
            onChange={(e) => setLinking(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              } else if (e.key === 'Escape') setLinking(null);
            }}
            data-testid={`${testId}-link-input`}
          />
          <Button size="xs" colorPalette="teal" onClick={applyLink} data-testid={`${testId}-link-apply`}>
            {t('richText.linkApply')}
          </Button>
          {active.link ? (
            <Button
              size="xs"
              variant="outline"
              onClick={() => {
                editor.chain().focus().extendMarkRange('link').unsetLink().run();
                setLinking(null);
              }}
            >
              {t('richText.linkRemove')}
            </Button>
          ) : null}
        </HStack>
      ) : null}
    </Box>
  );
}
