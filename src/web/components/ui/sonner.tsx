import type { ComponentProps } from 'react';
import { Toaster as Sonner } from 'sonner';

/** App-wide toasts: `toast.success(...)`, and `toast.error(...)` for destructive ones. */
function Toaster(props: ComponentProps<typeof Sonner>) {
  return <Sonner theme="light" richColors closeButton position="bottom-right" {...props} />;
}

export { Toaster };
