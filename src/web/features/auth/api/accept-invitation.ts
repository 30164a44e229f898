import { useMutation } from '@tanstack/react-query';
import { acceptedInvitationSchema, type AcceptInvitation } from '@common/contracts/invitations';
import { apiClient } from '@web/lib/api-client';

/** POST /api/auth/invitation: sets the invited user's own password; answers their email. */
export async function acceptInvitation(input: AcceptInvitation) {
  return acceptedInvitationSchema.parse(await apiClient.post('/api/auth/invitation', input));
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
