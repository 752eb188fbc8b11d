import { Button, CloseButton, Dialog, HStack, Portal } from '@chakra-ui/react';
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DialogAction {
  label: string;
  /** Without it the button submits the dialog's form (`onSubmit`). */
  onClick?: () => void;
  palette?: 'teal' | 'red';
  loading?: boolean;
  disabled?: boolean;
  testId?: string;
}

interface DialogShellProps {
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Shown before the title (a channel's logo). */
  icon?: ReactNode;
  testId: string;
  /** The primary action beside Cancel; Cancel is disabled while it loads. Without it there is no
   * footer: the body is a form with its own buttons. */
  action?: DialogAction;
  /** Makes the dialog a form, so Enter submits it. */
  onSubmit?: (e: FormEvent) => void;
  role?: 'dialog' | 'alertdialog';
  size?: ComponentProps<typeof Dialog.Root>['size'];
  scrollBehavior?: 'inside' | 'outside';
  /** Extra attributes on the dialog's content (data-* for tests). */
  contentProps?: Record<`data-${string}`, string>;
  children: ReactNode;
}

/** Every dialog's frame: title, body, Cancel and one primary action (or none), a close button. */
export function DialogShell({
  open = true,
  onClose,
  title,
  icon,
  testId,
  action,
  onSubmit,
  role,
  size,
  scrollBehavior,
  contentProps,
  children,
}: DialogShellProps) {
  const { t } = useTranslation();
  const asForm = onSubmit ? { as: 'form' as const, onSubmit } : {};
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => (e.open ? undefined : onClose())}
      role={role}
      placement="center"
      size={size}
      scrollBehavior={scrollBehavior}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} {...asForm} {...contentProps}>
            <Dialog.Header>
              {icon ? (
                <HStack gap="3">
                  {icon}
                  <Dialog.Title>{title}</Dialog.Title>
                </HStack>
              ) : (
                <Dialog.Title>{title}</Dialog.Title>
              )}
            </Dialog.Header>
            <Dialog.Body pb={action ? undefined : '6'}>{children}</Dialog.Body>
            {action ? (
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={action.loading} type="button">
                  {t('common.cancel')}
                </Button>
                <Button
                  colorPalette={action.palette ?? 'teal'}
                  onClick={action.onClick}
                  type={action.onClick ? 'button' : 'submit'}
                  loading={action.loading}
                  disabled={action.disabled}
                  data-testid={action.testId}
                >
                  {action.label}
                </Button>
              </Dialog.Footer>
            ) : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
