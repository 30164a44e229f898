/**
 * Reads a server's 400/409/422 answer `{ error: { message, details: { fieldErrors, formErrors? } } }`
 * into messages for the form's fields and the rest for a toast.
 */
import { errorMessage, isApiRequestError } from '@web/lib/api-client';

export interface ServerFieldError {
  field: string;
  message: string;
}

export interface ServerErrorSplit {
  /** Messages for fields the form has, in the server's order. */
  fieldErrors: ServerFieldError[];
  /** What cannot be shown next to a field (null when every message found its field). */
  message: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  if (Array.isArray(value)) return value.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
  return [];
}

/** The field errors of an error's `details` ({ field: [messages] }), or {} when there are none. */
export function fieldErrorsOf(details: unknown): Record<string, string[]> {
  if (!isRecord(details) || !isRecord(details.fieldErrors)) return {};
  const result: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(details.fieldErrors)) {
    const messages = messagesOf(value);
    if (messages.length > 0) result[field] = messages;
  }
  return result;
}

/** A field the form has: exactly, or a nested path ("address.city", "lines.0.qty") under one of them. */
function formFieldFor(field: string, knownFields: readonly string[]): string | undefined {
  if (knownFields.includes(field)) return field;
  const top = field.split('.')[0] ?? field;
  return knownFields.includes(top) ? field : undefined;
}

/**
 * Splits an error into messages next to the form's fields and one message for the rest:
 * the server's message when no field matched, else the messages of unknown fields and form errors.
 */
export function splitServerError(error: unknown, knownFields: readonly string[]): ServerErrorSplit {
  if (!isApiRequestError(error)) return { fieldErrors: [], message: errorMessage(error) };
  const fieldErrors: ServerFieldError[] = [];
  const leftovers: string[] = [];
  for (const [field, messages] of Object.entries(fieldErrorsOf(error.details))) {
    const formField = formFieldFor(field, knownFields);
    if (formField) fieldErrors.push({ field: formField, message: messages.join(' ') });
    else leftovers.push(...messages.map((m) => `${field}: ${m}`));
  }
  if (isRecord(error.details)) leftovers.push(...messagesOf(error.details.formErrors));
  if (fieldErrors.length === 0) {
    return { fieldErrors, message: [errorMessage(error), ...leftovers].join(' ') };
  }
  return { fieldErrors, message: leftovers.length > 0 ? leftovers.join(' ') : null };
}
