import { Badge, Box, Button, HStack, IconButton, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditIcon, PlusIcon, TrashIcon } from '@/components/icons';
import { useDocumentTitle } from '@/components/use-document-title';
import { notify } from '@/lib/toaster';
import type { Flow } from '@/types/wallet';
import { PageHeader } from '@/components/ui/list-page';
import { ErrorAlert } from '@/components/ui/error-alert';
import { createFlow, deleteFlow, updateFlow, useFlows } from '../api/automation';
import { isActive, newFlow, toPayload } from '../lib/flow';
import { FlowDialog } from './flow-dialog';

function FlowRow({
  flow,
  onEdit,
  onToggle,
  onDelete,
}: {
  flow: Flow;
  onEdit: () => void;
  onToggle: (on: boolean) => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const on = isActive(flow);
  return (
    <HStack
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p="4"
      gap="4"
      justify="space-between"
      wrap="wrap"
      data-testid="flow-row"
      data-id={flow.id}
      data-active={on}
    >
      <Stack gap="1" minW="0">
        <Text fontWeight="semibold">{flow.name}</Text>
        <HStack gap="1" wrap="wrap">
          {flow.when.types.map((tr) => (
            <Badge key={tr} size="sm" colorPalette="blue">
              {t(`automation.triggers.${tr}`)}
            </Badge>
          ))}
          <Badge size="sm" colorPalette="teal">
            {t(`automation.actions.${flow.then.action}`)}
          </Badge>
          <Badge size="sm">{t(`automation.payment.${flow.then.payment_preference.use}`)}</Badge>
        </HStack>
        {flow.condition.names.map((c, i) => (
          <Text key={i} fontSize="sm" color="fg.muted">
            {t(`automation.conditionNames.${c.name}`)} {t(`automation.operators.${c.operator}`)} {String(c.value)}
          </Text>
        ))}
        <Text fontSize="xs" color="fg.muted" data-testid="flow-last-activity">
          {flow.last_activity_at
            ? t('automation.lastActivity', { date: new Date(flow.last_activity_at).toLocaleString(i18n.language) })
            : t('automation.noActivity')}
        </Text>
      </Stack>
      <HStack gap="2">
        <Switch.Root checked={on} onCheckedChange={(e) => onToggle(e.checked)} colorPalette="teal" data-testid="flow-toggle">
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{on ? t('automation.on') : t('automation.off')}</Switch.Label>
        </Switch.Root>
        <IconButton size="sm" variant="ghost" aria-label={t('automation.edit')} onClick={onEdit} data-testid="flow-edit">
          <EditIcon />
        </IconButton>
        <IconButton size="sm" variant="ghost" aria-label={t('automation.delete')} onClick={onDelete} data-testid="flow-delete">
          <TrashIcon />
        </IconButton>
      </HStack>
    </HStack>
  );
}

/** The order automation panel: flows that place (and pay) orders by themselves. */
export function AutomationPage() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useFlows();
  const [editing, setEditing] = useState<Flow | null>(null);
  const [saving, setSaving] = useState(false);
  useDocumentTitle(t('automation.title'));
  const flows = data?.flows ?? [];

  async function save(flow: Flow) {
    setSaving(true);
    const payload = toPayload(flow);
    const res = await (payload.id !== undefined ? updateFlow(payload) : createFlow(payload));
    setSaving(false);
    if (!res.success) {
      notify('error', res.message || t('automation.failed'));
      return;
    }
    notify('success', t('automation.saved'));
    setEditing(null);
    void mutate();
  }
  async function toggle(flow: Flow, on: boolean) {
    const res = await updateFlow({ ...flow, status: on });
    if (res.success) void mutate();
    else notify('error', res.message || t('automation.failed'));
  }
  async function remove(flow: Flow) {
    if (flow.id === undefined) return;
    const res = await deleteFlow(flow.id);
    if (res.success) void mutate(res.data?.flows ? { flows: res.data.flows } : undefined);
    else notify('error', res.message || t('automation.failed'));
  }

  return (
    <Stack gap="4" maxW="4xl" data-testid="automation-page">
      <PageHeader title={t('automation.title')} subtitle={t('automation.subtitle')}>
        <Button colorPalette="teal" onClick={() => setEditing(newFlow())} data-testid="flow-create">
          <PlusIcon />
          {t('automation.create')}
        </Button>
      </PageHeader>
      {error ? <ErrorAlert message={error.message || t('automation.failed')} /> : null}
      {isLoading && !data ? <Skeleton h="24" borderRadius="xl" /> : null}
      {data && flows.length === 0 ? (
        <Box borderWidth="1px" borderStyle="dashed" borderRadius="xl" p="8" textAlign="center" data-testid="flow-empty">
          <Text>{t('automation.empty')}</Text>
        </Box>
      ) : null}
      {flows.map((flow) => (
        <FlowRow
          key={flow.id ?? flow.name}
          flow={flow}
          onEdit={() => setEditing(flow)}
          onToggle={(on) => void toggle(flow, on)}
          onDelete={() => void remove(flow)}
        />
      ))}
      {editing ? <FlowDialog flow={editing} saving={saving} onSave={(f) => void save(f)} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
