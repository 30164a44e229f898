import { useMutation } from '@tanstack/react-query';
import { validationResultSchema, type ValidateStoveIds, type ValidationResult } from '@common/contracts/stove-ids';
import { apiClient } from '@web/lib/api-client';

/** POST /api/stove-ids/validate: a verdict per code, in the order sent, and the count of each verdict. */
export async function validateStoveIds(input: ValidateStoveIds): Promise<ValidationResult> {
  const data = await apiClient.post('/api/stove-ids/validate', input);
  return validationResultSchema.parse(data);
}

/** A mutation (a POST that reads): the page keeps the last answer and validates again on demand. */
export function useValidateStoveIds() {
  return useMutation({ mutationFn: validateStoveIds });
}
