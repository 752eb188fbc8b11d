import { Alert, Button, Checkbox, CloseButton, Dialog, Drawer, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RocketIcon } from '@/components/icons';
import { useIsMobile } from '@/lib/use-media-query';
import { LabelledSwitch } from '@/components/ui/labelled-switch';
import { type PushForm, type PushFormInput, usePushForm } from '../api/use-push-form';
import { pushedDestinations } from '../lib/destinations';
import { DestinationSection } from './destination-section';
import { ProductPreview } from './product-preview';
import { QuotaBanner } from './quota-banner';

export interface PushModalProps extends Omit<PushFormInput, 'goToChannels'> {
  open: boolean;
  /** My channels (where stores and channels are connected). */
  channelPath: string;
  /** The plan page; null when billing is hidden. */
  upgradePath: string | null;
}

/** A dialog on desktop, a bottom drawer at mobile widths (spec section 2). */
function Shell({ title, body, footer, onClose }: { title: string; body: ReactNode; footer: ReactNode; onClose: () => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const close = <CloseButton size="sm" aria-label={t('common.close')} />;
  if (isMobile) {
    return (
      <Drawer.Root open onOpenChange={(e) => (e.open ? undefined : onClose())} placement="bottom">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content roundedTop="l3" maxH="92vh" data-testid="push-modal" data-variant="drawer">
              <Drawer.Header>
                <Drawer.Title>{title}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>{body}</Drawer.Body>
              <Drawer.Footer>{footer}</Drawer.Footer>
              <Drawer.CloseTrigger asChild>{close}</Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    );
  }
  return (
    <Dialog.Root open onOpenChange={(e) => (e.open ? undefined : onClose())} placement="center" scrollBehavior="inside" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="push-modal" data-variant="dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{body}</Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
            <Dialog.CloseTrigger asChild>{close}</Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function QuotaLine({ form }: { form: PushForm }) {
  const { t } = useTranslation();
  if (form.loading || form.required === 0) return null;
  const text = form.check.unlimited
    ? t('push.quota.unlimited', { count: form.required })
    : t('push.quota.needs', { count: form.required, remaining: form.check.remaining });
  return (
    <Text fontSize="sm" color={form.check.over ? 'fg.error' : 'fg.muted'} data-testid="push-quota-line" data-required={form.required}>
      {text}
    </Text>
  );
}

function Body({ form, props }: { form: PushForm; props: PushModalProps }) {
  const { t } = useTranslation();
  const pushedKeys = new Set(props.mode === 'update' ? pushedDestinations(props.products, form.destinations) : []);
  return (
    <Stack gap="4">
      {form.banner ? (
        <QuotaBanner usage={form.banner.usage} limit={form.banner.limit} upgradePath={props.upgradePath} onNavigate={props.onClose} />
      ) : null}
      {props.mode === 'update' ? (
        <Alert.Root status="info" borderRadius="lg" data-testid="push-overwrite">
          <Alert.Indicator />
          <Alert.Title>{t('push.dataWillBeOverwrite')}</Alert.Title>
        </Alert.Root>
      ) : null}
      {form.goToChannels ? (
        <Alert.Root status="info" borderRadius="lg" data-testid="push-go-to-channels">
          <Alert.Indicator />
          <Alert.Title>{props.isMarketingUser ? t('push.marketingUser') : t('push.noDestination')}</Alert.Title>
        </Alert.Root>
      ) : null}
      {form.smartAvailable && !form.goToChannels ? (
        <LabelledSwitch
          checked={form.smartOn}
          onChange={form.setSmart}
          label={t('push.smartPush')}
          help={t('push.smartPushHelp')}
          testId="push-smart"
        />
      ) : null}
      {!form.smartOn && !form.goToChannels ? (
        <DestinationSection
          destinations={form.destinations}
          choices={form.choices}
          onChange={form.setChoice}
          pushedKeys={pushedKeys}
          channelPath={props.channelPath}
          onNavigate={props.onClose}
        />
      ) : null}
      {props.mode === 'push' && !form.smartOn && !form.goToChannels ? (
        <Checkbox.Root checked={form.autoPush} onCheckedChange={(e) => form.setAutoPush(e.checked === true)} data-testid="push-auto">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('push.autoPush')}</Checkbox.Label>
        </Checkbox.Root>
      ) : null}
      {form.error ? (
        <Text color="fg.error" fontSize="sm" data-testid="push-error">
          {t(`push.errors.${form.error}`)}
        </Text>
      ) : null}
      <QuotaLine form={form} />
      <Separator />
      <ProductPreview products={form.products} warnings={form.warnings} onRemove={form.removeProduct} />
    </Stack>
  );
}

function PushModalContent(props: PushModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = usePushForm({
    ...props,
    goToChannels: () => {
      props.onClose();
      navigate(props.channelPath);
    },
  });
  const label = form.goToChannels ? t('push.goToChannels') : props.mode === 'update' ? t('push.update') : t('push.push');
  const footer = (
    <>
      <Button variant="outline" onClick={props.onClose} disabled={form.busy}>
        {t('common.cancel')}
      </Button>
      <Button
        colorPalette="teal"
        onClick={() => void form.submit()}
        loading={form.busy}
        disabled={form.disabled}
        data-testid="push-submit"
        data-loading={form.loading}
      >
        <RocketIcon />
        {label}
      </Button>
    </>
  );
  const title =
    props.mode === 'update' ? t('push.updateTitle', { count: form.products.length }) : t('push.title', { count: form.products.length });
  return <Shell title={title} body={<Body form={form} props={props} />} footer={footer} onClose={props.onClose} />;
}

/** Push to store: channels, publish, publications, products, smart push, quota (spec sections 2 and 5). */
export function PushModal(props: PushModalProps) {
  if (!props.open || props.products.length === 0) return null;
  return <PushModalContent {...props} />;
}
