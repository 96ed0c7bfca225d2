import { useMutation } from '@tanstack/react-query';
import type { ClassMessageBody, ClassMessageDto } from '@contracts/class-sessions';
import { api, apiPath } from '@web/lib/api-client';
import type { MutationOptions } from '@web/lib/query-client';

export interface ClassMessageVariables {
  id: string;
  body: ClassMessageBody;
}

/** POST /api/class-sessions/:id/message -> how many attendees the message was queued for. */
export const sendClassMessage = ({ id, body }: ClassMessageVariables) =>
  api.post<ClassMessageDto>(apiPath('class-sessions', id, 'message'), body);

export const useSendClassMessage = (options: MutationOptions<ClassMessageDto, ClassMessageVariables> = {}) =>
  useMutation({ ...options, mutationFn: sendClassMessage });
