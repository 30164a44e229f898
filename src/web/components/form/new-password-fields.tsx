import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '@common/constants';
import { TextField } from './form-fields';

/** A form with a new password typed twice (the contracts' `newPassword` and `confirmPassword`). */
interface NewPasswordValues extends FieldValues {
  newPassword: string;
  confirmPassword: string;
}

/**
 * "New password" and "Confirm new password": the pair every form that sets a password shows (the
 * recovery link's page, My account). The schema checks the rules and that the two match.
 */
export function NewPasswordFields<TValues extends NewPasswordValues, TOut>({
  form,
}: {
  form: UseFormReturn<TValues, unknown, TOut>;
}) {
  return (
    <>
      <TextField
        form={form}
        name={'newPassword' as Path<TValues>}
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
      />
      <TextField
        form={form}
        name={'confirmPassword' as Path<TValues>}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
