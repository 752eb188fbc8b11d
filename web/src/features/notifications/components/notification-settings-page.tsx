import { Box, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledSwitch } from '@/components/ui/labelled-switch';
import { PageHeader } from '@/components/ui/list-page';
import { useDocumentTitle } from '@/components/use-document-title';
import { useNotificationSettings, useSaveNotificationSetting, type TypeSetting } from '../api/notifications';

type Channel = 'in_app' | 'email';

/** /app/setting/notification: per type, whether it shows in the dashboard and whether it is emailed. */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.settingNotification'));
  const { data, isLoading } = useNotificationSettings();
  const [saving, setSaving] = useState<string | null>(null);
  const saveNotificationSetting = useSaveNotificationSetting();
  const change = async (item: TypeSetting, channel: Channel, on: boolean) => {
    setSaving(`${item.type}.${channel}`);
    try {
      await saveNotificationSetting({ ...item, [channel]: on });
    } finally {
      setSaving(null);
    }
  };
  const toggle = (item: TypeSetting, channel: Channel) => (
    <LabelledSwitch
      checked={item[channel]}
      disabled={saving !== null}
      onChange={(on) => void change(item, channel, on)}
      label={t(channel === 'in_app' ? 'notificationSettings.inApp' : 'notificationSettings.email')}
      testId={`notification-setting-${item.type}-${channel}`}
    />
  );
  return (
    <Stack gap="4" maxW="4xl" data-testid="notification-settings">
      <PageHeader title={t('pages.settingNotification')} subtitle={t('notificationSettings.hint')} />
      <Box bg="bg" borderWidth="1px" borderRadius="xl" overflowX="auto">
        {isLoading || !data ? (
          <Spinner m="4" />
        ) : (
          <Table.Root size="sm">
            <Table.Body>
              {data.items.map((item) => (
                <Table.Row key={item.type} data-testid={`notification-setting-${item.type}`}>
                  <Table.Cell py="3">
                    <Text fontWeight="medium">{t(`notificationSettings.types.${item.type}.label`)}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {t(`notificationSettings.types.${item.type}.help`)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{toggle(item, 'in_app')}</Table.Cell>
                  <Table.Cell>{toggle(item, 'email')}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Box>
    </Stack>
  );
}
