import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationPreferencesSchema, type NotificationPreferences } from '@common/contracts/notifications';
import { apiClient } from '@web/lib/api-client';

const notificationsQueryKey = ['account', 'notifications'] as const;

/** GET /api/me/notifications: which mails reach me. */
async function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return notificationPreferencesSchema.parse(await apiClient.get('/api/me/notifications', { signal }));
}

export function useNotificationPreferences() {
  return useQuery(
    queryOptions({ queryKey: notificationsQueryKey, queryFn: ({ signal }) => getNotificationPreferences(signal) }),
  );
}

/** PUT /api/me/notifications: every kind, on or off. */
async function saveNotificationPreferences(input: NotificationPreferences): Promise<NotificationPreferences> {
  return notificationPreferencesSchema.parse(await apiClient.put('/api/me/notifications', input));
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationsQueryKey, saved),
    // A refused save: show again what is stored.
    onError: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
