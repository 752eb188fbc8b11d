import { DialogShell } from '@/components/ui/dialog-shell';
import { Button, Checkbox, Field, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon, TrashIcon } from '@/components/icons';
import type { Flow, FlowCondition } from '@/types/wallet';
import { ACTIONS, CONDITION_NAMES, OPERATORS, PAYMENT_USES, SCHEDULES, TRIGGERS, flowErrors, newCondition } from '../lib/flow';

interface FlowDialogProps {
  flow: Flow;
  saving: boolean;
  onSave: (flow: Flow) => void;
  onClose: () => void;
}

function Select<T extends string>({
  value,
  options,
  label,
  onChange,
  testId,
}: {
  value: T;
  options: readonly T[];
  label: (v: T) => string;
  onChange: (v: T) => void;
  testId: string;
}) {
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value as T)} data-testid={testId}>
        {options.map((o) => (
          <option key={o} value={o}>
            {label(o)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2">
      <Text fontWeight="semibold" fontSize="sm">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** Creates or edits a flow: when (triggers), if (conditions), then (action and payment), timing. */
export function FlowDialog({ flow: initial, saving, onSave, onClose }: FlowDialogProps) {
  const { t } = useTranslation();
  const [flow, setFlow] = useState<Flow>(initial);
  const [tried, setTried] = useState(false);
  const errors = flowErrors(flow);
  const setCondition = (i: number, patch: Partial<FlowCondition>) =>
    setFlow({ ...flow, condition: { ...flow.condition, names: flow.condition.names.map((c, j) => (j === i ? { ...c, ...patch } : c)) } });
  const submit = () => {
    setTried(true);
    if (errors.length === 0) onSave(flow);
  };
  return (
    <DialogShell
      onClose={onClose}
      size="lg"
      title={initial.id ? t('automation.edit') : t('automation.create')}
      testId="flow-dialog"
      action={{ label: t('common.save'), onClick: submit, loading: saving, testId: 'flow-save' }}
    >
      <Stack gap="4">
        <Field.Root invalid={tried && errors.includes('name')}>
          <Field.Label>{t('automation.name')}</Field.Label>
          <Input size="sm" value={flow.name} onChange={(e) => setFlow({ ...flow, name: e.target.value })} data-testid="flow-name" />
          <Field.ErrorText>{t('automation.errors.name')}</Field.ErrorText>
        </Field.Root>
        <Section title={t('automation.when')}>
          <HStack gap="4" wrap="wrap">
            {TRIGGERS.map((tr) => (
              <Checkbox.Root
                key={tr}
                size="sm"
                checked={flow.when.types.includes(tr)}
                onCheckedChange={(e) =>
                  setFlow({
                    ...flow,
                    when: { types: e.checked === true ? [...flow.when.types, tr] : flow.when.types.filter((x) => x !== tr) },
                  })
                }
                data-testid={`flow-trigger-${tr}`}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t(`automation.triggers.${tr}`)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
          {tried && errors.includes('trigger') ? (
            <Text fontSize="sm" color="fg.error">
              {t('automation.errors.trigger')}
            </Text>
          ) : null}
        </Section>
        <Section title={t('automation.conditions')}>
          {flow.condition.names.map((c, i) => (
            <HStack key={i} gap="2" data-testid="flow-condition">
              <Select
                value={c.name}
                options={CONDITION_NAMES}
                label={(v) => t(`automation.conditionNames.${v}`)}
                onChange={(name) => setCondition(i, { name })}
                testId={`flow-condition-name-${i}`}
              />
              <Select
                value={c.operator}
                options={OPERATORS}
                label={(v) => t(`automation.operators.${v}`)}
                onChange={(operator) => setCondition(i, { operator })}
                testId={`flow-condition-operator-${i}`}
              />
              <Input
                size="sm"
                inputMode="decimal"
                value={String(c.value)}
                onChange={(e) => setCondition(i, { value: e.target.value })}
                aria-label={t('automation.value')}
                data-testid={`flow-condition-value-${i}`}
              />
              <IconButton
                size="sm"
                variant="ghost"
                aria-label={t('automation.removeCondition')}
                onClick={() =>
                  setFlow({ ...flow, condition: { ...flow.condition, names: flow.condition.names.filter((_, j) => j !== i) } })
                }
              >
                <TrashIcon />
              </IconButton>
            </HStack>
          ))}
          {tried && errors.includes('value') ? (
            <Text fontSize="sm" color="fg.error">
              {t('automation.errors.value')}
            </Text>
          ) : null}
          <Button
            size="xs"
            variant="outline"
            alignSelf="start"
            onClick={() => setFlow({ ...flow, condition: { ...flow.condition, names: [...flow.condition.names, newCondition()] } })}
            data-testid="flow-add-condition"
          >
            <PlusIcon />
            {t('automation.addCondition')}
          </Button>
        </Section>
        <Section title={t('automation.then')}>
          <Select
            value={flow.then.action}
            options={ACTIONS}
            label={(v) => t(`automation.actions.${v}`)}
            onChange={(action) => setFlow({ ...flow, then: { ...flow.then, action } })}
            testId="flow-action"
          />
          <Select
            value={flow.then.payment_preference.use}
            options={PAYMENT_USES}
            label={(v) => t(`automation.payment.${v}`)}
            onChange={(use) => setFlow({ ...flow, then: { ...flow.then, payment_preference: { use } } })}
            testId="flow-payment"
          />
        </Section>
        <Section title={t('automation.timing')}>
          <HStack gap="2">
            <Select
              value={flow.time_schedule.schedule}
              options={SCHEDULES}
              label={(v) => t(`automation.schedules.${v}`)}
              onChange={(schedule) => setFlow({ ...flow, time_schedule: { ...flow.time_schedule, schedule } })}
              testId="flow-schedule"
            />
            {flow.time_schedule.schedule === 'scheduled' ? (
              <Input
                size="sm"
                type="time"
                value={flow.time_schedule.time ?? ''}
                onChange={(e) => setFlow({ ...flow, time_schedule: { ...flow.time_schedule, time: e.target.value } })}
                aria-label={t('automation.time')}
                data-testid="flow-time"
              />
            ) : null}
          </HStack>
          {tried && errors.includes('time') ? (
            <Text fontSize="sm" color="fg.error">
              {t('automation.errors.time')}
            </Text>
          ) : null}
        </Section>
      </Stack>
    </DialogShell>
  );
}
